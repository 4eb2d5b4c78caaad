import { useQueryClient } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts'

/** Ends every session of the account (lost phone, shared computer), then asks to sign in again. */
export function SignOutEverywhere() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signOut = useSignOutEverywhere()

  const onClick = () =>
    signOut.mutate(undefined, {
      onSuccess: async () => {
        await navigate('/login', { replace: true })
        queryClient.clear()
        toast.success('You are signed out on every device.')
      },
    })

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-stone-900">Sign out everywhere</p>
        <p className="text-sm text-stone-600">
          Ends your sessions on every device and browser, this one included. Useful after signing in on a
          shared computer.
        </p>
      </div>
      <Button variant="secondary" onClick={onClick} busy={signOut.isPending} className="shrink-0">
        {!signOut.isPending && <LogOut className="size-4" aria-hidden />} Sign out everywhere
      </Button>
    </div>
  )
}
