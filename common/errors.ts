// Error codes shared by server and client. The server answers every failure as
// { error: { code, message, fields? } }; the web client reads the same shape.

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** A service Inkwell depends on (the payment provider) did not answer: nothing was changed. */
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.message === 'string'
  )
}
