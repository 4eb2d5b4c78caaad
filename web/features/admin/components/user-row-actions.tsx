import { ShieldMinus, ShieldPlus, UserCheck, UserX } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '#common/schemas/admin.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useSetUserRole } from '../api/set-user-role.ts'
import { useSetUserSuspension } from '../api/set-user-suspension.ts'
import { SuspendDialog } from './suspend-dialog.tsx'

interface UserRowActionsProps {
  user: AdminUser
  /** False on the admin's own row: nobody changes their own role or suspends themselves. */
  canManage: boolean
}

export function UserRowActions({ user, canManage }: UserRowActionsProps) {
  const [confirmingSuspend, setConfirmingSuspend] = useState(false)
  const role = useSetUserRole()
  const suspension = useSetUserSuspension()
  const isAdmin = user.role === 'admin'
  const ownRowHint = canManage ? undefined : 'You cannot change your own account'

  const toggleRole = () => role.mutate({ id: user.id, role: isAdmin ? 'user' : 'admin' })

  const suspend = (reason: string | undefined) =>
    suspension.mutate(
      { id: user.id, suspended: true, ...(reason ? { reason } : {}) },
      { onSuccess: () => setConfirmingSuspend(false) },
    )

  const restore = () => suspension.mutate({ id: user.id, suspended: false })

  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      <Button
        variant="secondary"
        size="sm"
        onClick={toggleRole}
        busy={role.isPending}
        disabled={!canManage}
        title={ownRowHint}
        aria-label={`${isAdmin ? 'Remove admin' : 'Make admin'}: ${user.name}`}
      >
        {isAdmin ? (
          <ShieldMinus className="size-4" aria-hidden />
        ) : (
          <ShieldPlus className="size-4" aria-hidden />
        )}
        {isAdmin ? 'Remove admin' : 'Make admin'}
      </Button>
      {user.banned ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={restore}
          busy={suspension.isPending}
          disabled={!canManage}
          title={ownRowHint}
          aria-label={`Restore: ${user.name}`}
        >
          <UserCheck className="size-4" aria-hidden />
          Restore
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setConfirmingSuspend(true)}
          disabled={!canManage}
          title={ownRowHint}
          aria-label={`Suspend: ${user.name}`}
        >
          <UserX className="size-4 text-red-700" aria-hidden />
          Suspend
        </Button>
      )}
      {confirmingSuspend && (
        <SuspendDialog
          name={user.name}
          busy={suspension.isPending}
          onConfirm={suspend}
          onClose={() => setConfirmingSuspend(false)}
        />
      )}
    </div>
  )
}
