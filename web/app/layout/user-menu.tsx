import { useQueryClient } from '@tanstack/react-query'
import { LogOut, Settings, Shield } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'react-toastify'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { useMe, useSession } from '#web/lib/session.ts'

/** The signed-in person's menu: settings, admin (for admins) and sign out. */
export function UserMenu() {
  const [open, setOpen] = useState(false)
  const { role } = useSession()
  const { data: me } = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onClick = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onClick)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onClick)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const signOut = async () => {
    setOpen(false)
    await authClient.signOut()
    queryClient.clear()
    toast.success('You are signed out. See you soon!')
    navigate('/')
  }

  const item =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-700 hover:bg-stone-100'
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((v) => !v)}
        className="rounded-full"
      >
        <Avatar name={me?.name ?? ''} image={me?.image} size="sm" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg max-md:left-0"
        >
          {me && (
            <div className="border-b border-stone-100 px-3 pt-1 pb-2">
              <p className="truncate text-sm font-medium">{me.name}</p>
              <p className="truncate text-xs text-stone-500">{me.email}</p>
            </div>
          )}
          <Link role="menuitem" to="/settings" className={item} onClick={() => setOpen(false)}>
            <Settings className="size-4" aria-hidden /> Settings
          </Link>
          {role === 'admin' && (
            <Link role="menuitem" to="/admin" className={item} onClick={() => setOpen(false)}>
              <Shield className="size-4" aria-hidden /> Admin
            </Link>
          )}
          <button role="menuitem" type="button" className={item} onClick={signOut}>
            <LogOut className="size-4" aria-hidden /> Sign out
          </button>
        </div>
      )}
    </div>
  )
}
