import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordInput } from '#common/schemas/auth.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { authFailure } from './auth-failure.ts'

/** Better Auth's change-password; every other device is signed out, this one stays signed in. */
export async function changePassword({ currentPassword, newPassword }: ChangePasswordInput) {
  const { error } = await authClient.changePassword({
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  })
  // A wrong current password or a refused new one comes back under that field.
  if (error) throw authFailure(error)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { inlineErrors: true } })
}
