import { useMutation } from '@tanstack/react-query'
import type { DeleteAccountInput } from '#common/schemas/auth.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { authFailure } from './auth-failure.ts'

/**
 * The field a refusal to close the account is filed under: the account itself (a writer whose
 * books have owners or whose paid subscribers have a paid month closes it through us).
 */
export const ACCOUNT_HELD = 'account'

/** Better Auth's delete-user, confirmed with the password. The server removes the account's files too. */
export async function deleteAccount({ password }: Pick<DeleteAccountInput, 'password'>) {
  const { error } = await authClient.deleteUser({ password })
  // A wrong password comes back under `password`; the only conflict is the account being held.
  if (error) throw authFailure(error, (e) => (e.error?.code === 'conflict' ? ACCOUNT_HELD : undefined))
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { inlineErrors: true } })
}
