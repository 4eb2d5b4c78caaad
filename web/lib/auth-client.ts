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

/** Sign up, in and out, e-mail links, password reset and account changes, as Better Auth has them. */
export const authClient = {
  useSession: useAuthSession,
  signIn: { email: action((c) => c.signIn.email), magicLink: action((c) => c.signIn.magicLink) },
  signUp: { email: action((c) => c.signUp.email) },
  signOut: action((c) => c.signOut),
  requestPasswordReset: action((c) => c.requestPasswordReset),
  resetPassword: action((c) => c.resetPassword),
  changeEmail: action((c) => c.changeEmail),
  changePassword: action((c) => c.changePassword),
  deleteUser: action((c) => c.deleteUser),
  revokeSessions: action((c) => c.revokeSessions),
}
