import { tooManyAttempts } from '#common/retry-after.ts'

/** The error Better Auth's client returns: a code such as INVALID_TOKEN, a message and the HTTP status. */
export interface AuthError {
  code?: string
  message?: string
  status?: number
  /**
   * What the client makes of an answer in the app's own shape: the same-origin guard's refusal
   * (which says the address to open), a rate limit (which says when to try again), a failure.
   */
  error?: { code?: string; message?: string }
}

// Better Auth's own messages are terse ("Invalid email or password"); these are the ones we show
// for the errors people actually meet. Anything else keeps Better Auth's.
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'That e-mail and password do not match an account. Check them and try again.',
  USER_ALREADY_EXISTS: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
  INVALID_TOKEN: 'This link is invalid or has expired. Request a new one.',
  TOKEN_EXPIRED: 'This link is invalid or has expired. Request a new one.',
  INVALID_PASSWORD: 'That password is not correct',
  PASSWORD_TOO_SHORT: 'Your password is too short.',
  PASSWORD_TOO_LONG: 'Your password is too long.',
}

/** What to tell the person about a Better Auth error, in a form or a toast. */
export function describeAuthError(error: AuthError | null | undefined): string {
  // Our server's own answers are already written for the person reading them.
  if (error?.error?.message) return error.error.message
  if (error?.status === 429) return tooManyAttempts()
  return (error?.code && MESSAGES[error.code]) || error?.message || 'Something went wrong. Please try again.'
}
