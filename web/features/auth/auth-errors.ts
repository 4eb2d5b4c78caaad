import type { AuthError } from '#web/lib/auth-errors.ts'

/** The reset link's token was refused (the server files that under `token`): unknown, used, or expired. */
export const isInvalidTokenError = (error: AuthError | null | undefined) =>
  Boolean(error?.error?.fields?.token)

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
