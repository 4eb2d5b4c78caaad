import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangeEmailInput } from '#common/schemas/auth.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { authFailure } from './auth-failure.ts'

/**
 * Better Auth's change-email. With an unverified address the change happens at once (and a
 * verification link goes to the new one); with a verified address a confirmation link goes to the
 * current one first. It answers success even when the new address is taken, so nobody can probe
 * which addresses have accounts.
 */
export async function changeEmail({ newEmail }: ChangeEmailInput) {
  const { error } = await authClient.changeEmail({ newEmail, callbackURL: '/settings' })
  if (error) throw authFailure(error, (e) => (e.status === 400 ? 'newEmail' : undefined))
}

export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeEmail,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueries.me().queryKey }),
  })
}
