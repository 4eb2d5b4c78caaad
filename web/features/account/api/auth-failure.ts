import type { ErrorCode } from '#common/errors.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { authErrorMessage } from '#web/lib/auth-client.ts'

/** What Better Auth's client answers in `error`. */
export interface AuthClientError {
  code?: string
  message?: string
  status: number
}

const CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'bad_request',
  429: 'rate_limited',
}

// Better Auth's own wording is terse ("Invalid password"); these read better in a form.
const MESSAGES: Record<string, string> = {
  INVALID_PASSWORD: 'That password is not correct',
  PASSWORD_TOO_SHORT: 'Use a longer password',
  PASSWORD_TOO_LONG: 'Use a shorter password',
}

/**
 * Turns a Better Auth error into the app's ApiError, so mutations behave like every other API
 * call (toast, or sign-in redirect on 401). `fieldOf` names the form field a message belongs to;
 * such errors are shown under that field instead of in a toast.
 */
export function authFailure(
  error: AuthClientError,
  fieldOf: (error: AuthClientError) => string | undefined,
): ApiError {
  const message = (error.code && MESSAGES[error.code]) || authErrorMessage(error)
  const field = error.status === 429 ? undefined : fieldOf(error)
  return new ApiError(
    error.status,
    CODES[error.status] ?? 'internal',
    message,
    field ? { [field]: message } : undefined,
  )
}
