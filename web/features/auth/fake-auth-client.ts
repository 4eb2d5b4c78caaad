// Better Auth's client as mocks, for vi.mock('#web/lib/auth-client.ts'). This file must not import
// the auth client itself: the mock factory loads it while that module is being replaced.
import { vi } from 'vitest'

/** What authClient.useSession() returns for a signed-out visitor. */
export const signedOut = () => ({
  data: null as unknown,
  error: null,
  isPending: false,
  isRefetching: false,
  refetch: vi.fn(async () => {}),
})

/** The parts of Better Auth's client the account screens use, as mocks. */
export function fakeAuthClient() {
  return {
    signIn: { email: vi.fn(), magicLink: vi.fn() },
    signUp: { email: vi.fn() },
    requestPasswordReset: vi.fn(),
    resetPassword: vi.fn(),
    useSession: vi.fn(signedOut),
  }
}
