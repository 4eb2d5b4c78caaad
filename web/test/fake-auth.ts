// Better Auth's browser client, faked: the network boundary of every auth call. A test file swaps it
// in with a line that vi.mock hoists above its imports:
//   vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))
// `fakeAuth` drives the session the app sees; every other method is a mock the test answers with
// authOk() or authFail(). web/test/setup.ts puts it all back after each test. This file must not
// import the real client: the mock loads it while that module is being replaced.
import { useSyncExternalStore } from 'react'
import { vi } from 'vitest'
import type { ErrorBody } from '#common/errors.ts'

interface FakeUser {
  id: string
  name: string
  email: string
}

interface SessionState {
  data: { user: FakeUser; session: { id: string; userId: string } } | null
  isPending: boolean
  isRefetching: boolean
  error: null
}

const SIGNED_OUT: SessionState = { data: null, isPending: false, isRefetching: false, error: null }
let session = SIGNED_OUT
const listeners = new Set<() => void>()

function setSession(next: SessionState) {
  session = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const refetch = vi.fn(async () => {})

/** Stands in for `authClient` from '#web/lib/auth-client.ts' (hence the name). */
export const authClient = {
  useSession: () => ({ ...useSyncExternalStore(subscribe, () => session), refetch }),
  signOut: vi.fn(async () => {
    setSession(SIGNED_OUT)
    return { data: { success: true }, error: null }
  }),
  signIn: { email: vi.fn(), magicLink: vi.fn(), social: vi.fn() },
  signUp: { email: vi.fn() },
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  changeEmail: vi.fn(),
  changePassword: vi.fn(),
  deleteUser: vi.fn(),
  passkeySignInOptions: vi.fn(),
  verifyPasskeySignIn: vi.fn(),
  addPasskey: vi.fn(),
  renamePasskey: vi.fn(),
  removePasskey: vi.fn(),
  linkSocial: vi.fn(),
  unlinkAccount: vi.fn(),
}

/** Drives the fake session: what Better Auth would report to the app. */
export const fakeAuth = {
  /** The first report has not arrived yet. */
  pending: () => setSession({ ...SIGNED_OUT, isPending: true }),
  signedOut: () => setSession(SIGNED_OUT),
  signedIn: (user: Partial<FakeUser> = {}) => {
    const full = { id: 'user-1', name: 'Ada Writer', email: 'ada@example.com', ...user }
    setSession({ ...SIGNED_OUT, data: { user: full, session: { id: 'session-1', userId: full.id } } })
  },
  /** `useSession().refetch`: reads the session again (resolves at once unless a test says otherwise). */
  refetch,
  /** Signed out, and every method back to its first answer (run by web/test/setup.ts). */
  reset: () => {
    setSession(SIGNED_OUT)
    // The client's mocks, signIn.email and the like included.
    const members = Object.values(authClient).flatMap((value) =>
      typeof value === 'object' ? Object.values(value) : [value],
    )
    for (const member of [refetch, ...members]) if (vi.isMockFunction(member)) member.mockReset()
  },
}

/** What Better Auth's client answers: { data, error }. */
export const authOk = (data: unknown = { status: true }) => ({ data, error: null })
/**
 * A refusal as Better Auth's client hands it over: the status, and our server's answer
 * (server/auth/auth-errors.ts) under `error`. Without one, a body that is not ours (a proxy's).
 */
export const authFail = (status: number, answer?: ErrorBody['error']) => ({
  data: null,
  error: { status, statusText: '', ...(answer && { error: answer }) },
})
