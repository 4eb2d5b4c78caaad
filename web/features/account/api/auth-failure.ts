import type { ErrorCode } from '#common/errors.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { type AuthError, describeAuthError } from '#web/lib/auth-errors.ts'

/** What Better Auth's client answers in `error`. */
type AuthClientError = AuthError & { status: number }

const CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'bad_request',
  429: 'rate_limited',
}

/**
 * Turns a Better Auth error into the app's ApiError, so mutations behave like every other API
 * call (toast, or sign-in redirect on 401). The server names the form field a message belongs to
 * where it knows it; `fieldOf` names it for the refusals it does not. Such errors are shown under
 * that field instead of in a toast.
 */
export function authFailure(
  error: AuthClientError,
  fieldOf: (error: AuthClientError) => string | undefined = () => undefined,
): ApiError {
  const message = describeAuthError(error)
  const field = error.status === 429 ? undefined : fieldOf(error)
  return new ApiError(
    error.status,
    error.error?.code ?? CODES[error.status] ?? 'internal',
    message,
    error.error?.fields ?? (field ? { [field]: message } : undefined),
  )
}
