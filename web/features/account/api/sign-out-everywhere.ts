import { useMutation } from '@tanstack/react-query'
import { authClient } from '#web/lib/auth-client.ts'
import { authFailure } from './auth-failure.ts'

/** Ends every session of the account, this one included, then clears this browser's cookie. */
export async function signOutEverywhere() {
  const { error } = await authClient.revokeSessions()
  if (error) throw authFailure(error)
  // The session row is already gone; signing out only clears the cookie, so its answer is moot.
  await authClient.signOut().catch(() => undefined)
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere })
}
