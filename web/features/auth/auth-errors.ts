import { authErrorMessage } from '#web/lib/auth-client.ts'

/** The error Better Auth's client returns: a code such as INVALID_TOKEN, a message and the HTTP status. */
export interface AuthError {
  code?: string
  message?: string
  status?: number
}

// Better Auth's own messages are terse ("Invalid email or password"); these are the ones we show
// for the errors people actually meet on the account screens. Anything else keeps Better Auth's.
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'That e-mail and password do not match an account. Check them and try again.',
  USER_ALREADY_EXISTS: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
  INVALID_TOKEN: 'This link is invalid or has expired. Request a new one.',
  TOKEN_EXPIRED: 'This link is invalid or has expired. Request a new one.',
  PASSWORD_TOO_SHORT: 'Your password is too short.',
  PASSWORD_TOO_LONG: 'Your password is too long.',
}

export function describeAuthError(error: AuthError | null | undefined): string {
  if (error?.status !== 429 && error?.code && MESSAGES[error.code]) return MESSAGES[error.code]
  return authErrorMessage(error)
}

/** The reset link's token was refused: it is unknown, already used, or expired. */
export const isInvalidTokenError = (error: AuthError | null | undefined) =>
  error?.code === 'INVALID_TOKEN' || error?.code === 'TOKEN_EXPIRED'

/**
 * An e-mail sign-in link that fails sends the person back to /login with ?error=CODE
 * (Better Auth's errorCallbackURL). This is what we tell them.
 */
export function magicLinkErrorMessage(code: string): string {
  if (code === 'new_user_signup_disabled' || code === 'user_not_found') {
    return 'There is no Inkwell account for that e-mail yet. Create an account first, then you can sign in with a link.'
  }
  if (code === 'INVALID_TOKEN' || code === 'EXPIRED_TOKEN') {
    return 'That sign-in link has expired or was already used. Enter your e-mail and we will send you a new one.'
  }
  return 'We could not sign you in with that link. Enter your e-mail and we will send you a new one.'
}

/**
 * Calls one of Better Auth's client methods. They answer { data, error } for HTTP errors but
 * reject when the server can't be reached; that becomes an error like any other.
 */
export async function callAuth<R extends { error: unknown }>(
  call: () => Promise<R>,
): Promise<R | { data: null; error: AuthError }> {
  try {
    return await call()
  } catch {
    return {
      data: null,
      error: { message: 'Inkwell cannot be reached. Check your connection and try again.' },
    }
  }
}
