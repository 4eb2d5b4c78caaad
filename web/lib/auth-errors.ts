import type { ErrorBody } from '#common/errors.ts'
import { tooManyAttempts } from '#common/retry-after.ts'

/** The error Better Auth's client returns: the HTTP status and the answer's body as it came. */
export interface AuthError {
  status?: number
  /**
   * The server answers every refusal of /api/auth in the app's shape (server/auth/auth-errors.ts):
   * a message written for the person, and the form field it belongs to where there is one.
   */
  error?: Partial<ErrorBody['error']>
  /** Set by callAuth when the server could not be reached at all. */
  message?: string
}

/** What to tell the person about a failed auth call, in a form or a toast. */
export function describeAuthError(error: AuthError | null | undefined): string {
  if (error?.error?.message) return error.error.message
  // An answer without our body (a proxy's) still says to wait.
  if (error?.status === 429) return tooManyAttempts()
  return error?.message || 'Something went wrong. Please try again.'
}
