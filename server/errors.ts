import { ERROR_STATUS, type ErrorCode } from '#common/errors.ts'

/** The one error type services throw. The error handler turns it into { error: { code, message, fields? } }. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.status = ERROR_STATUS[code]
  }
}
