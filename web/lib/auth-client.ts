import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { sessionQueries } from './session-queries.ts'

// The app's auth client (decision 029, step 1). Reading the session is a TanStack query of Better Auth's
// own endpoint, in the first load; signing in, out and the account's changes go through Better
// Auth's client, which loads the first time one of them runs (about 12 KB of gzip the first load no
// longer carries). After any of them the session is read again, here and in the other tabs.

type BetterAuth = typeof import('./better-auth-client.ts').betterAuthClient

/** The other tabs of this browser hear of a sign-in or sign-out (Better Auth's client did this too). */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('inkwell-session')
const changeListeners = new Set<() => void>()
function sessionChanged() {
  for (const listener of changeListeners) listener()
  channel?.postMessage('changed')
}
channel?.addEventListener('message', () => {
  for (const listener of changeListeners) listener()
})

let loading: Promise<BetterAuth> | null = null
const betterAuth = () => {
  loading ??= import('./better-auth-client.ts').then((m) => m.betterAuthClient)
  return loading
}

type Action = (...args: never[]) => Promise<unknown>

/** A Better Auth action, loaded on first use; the session is read again once it has answered. */
const action = <F extends Action>(pick: (client: BetterAuth) => F): F =>
  (async (...args: never[]) => {
    const client = await betterAuth()
    try {
      return await pick(client)(...args)
    } finally {
      sessionChanged()
    }
  }) as F

function useAuthSession() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: sessionQueries.session().queryKey })
    changeListeners.add(reread)
    return () => void changeListeners.delete(reread)
  }, [queryClient])
  const query = useQuery(sessionQueries.session())
  return { data: query.data ?? null, isPending: query.isPending, refetch: query.refetch }
}

/**
 * Sign up, in and out, e-mail links, passkeys, providers, password reset and account changes, as
 * Better Auth has them.
 */
export const authClient = {
  useSession: useAuthSession,
  signIn: {
    email: action((c) => c.signIn.email),
    magicLink: action((c) => c.signIn.magicLink),
    /** Answers the provider's address and sends the browser there. */
    social: action((c) => c.signIn.social),
  },
  signUp: { email: action((c) => c.signUp.email) },
  signOut: action((c) => c.signOut),
  requestPasswordReset: action((c) => c.requestPasswordReset),
  resetPassword: action((c) => c.resetPassword),
  changeEmail: action((c) => c.changeEmail),
  changePassword: action((c) => c.changePassword),
  deleteUser: action((c) => c.deleteUser),
  revokeSessions: action((c) => c.revokeSessions),
  /**
   * A passkey sign-in's two halves, so one challenge serves the page: the e-mail field's autofill
   * waits on it, and the button answers the same one (a second challenge would replace the first's
   * cookie). The browser's part between them is @simplewebauthn/browser's.
   */
  passkeySignInOptions: async () =>
    (await betterAuth()).$fetch<PublicKeyCredentialRequestOptionsJSON>(
      '/passkey/generate-authenticate-options',
      {
        method: 'GET',
      },
    ),
  verifyPasskeySignIn: action(
    (c) => (response: AuthenticationResponseJSON) =>
      c.$fetch<{ user: { id: string } }>('/passkey/verify-authentication', {
        method: 'POST',
        body: { response },
      }),
  ),
  addPasskey: action((c) => c.passkey.addPasskey),
  renamePasskey: action((c) => c.passkey.updatePasskey),
  removePasskey: action((c) => c.passkey.deletePasskey),
  linkSocial: action((c) => c.linkSocial),
  unlinkAccount: action((c) => c.unlinkAccount),
}
