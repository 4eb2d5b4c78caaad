import { useMutation } from '@tanstack/react-query'
import type { DeleteAccountInput } from '#common/schemas/auth.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { authFailure } from './auth-failure.ts'

/** Better Auth's delete-user, confirmed with the password. The server removes the account's files too. */
export async function deleteAccount({ password }: Pick<DeleteAccountInput, 'password'>) {
  const { error } = await authClient.deleteUser({ password })
  if (error) throw authFailure(error, (e) => (e.code === 'INVALID_PASSWORD' ? 'password' : undefined))
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { inlineErrors: true } })
}
