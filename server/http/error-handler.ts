import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorBody, ErrorCode } from '#common/errors.ts'
import { parseRetryAfter, tooManyAttempts } from '#common/retry-after.ts'
import { AppError } from '#server/errors.ts'

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'bad_request',
}

export function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } }
}

/** A 400 for input that failed its checks, with what to fix in each field. */
export const badInputBody = (fields: Record<string, string>) =>
  body('bad_request', 'Some fields need your attention', fields)

/**
 * What a 500 says, in every environment: an unexpected error's own message can carry SQL text and
 * its parameters (a database error), paths or host names. The details go to the log, under the
 * request id the message quotes, so a developer can find them.
 */
export const internalErrorBody = (requestId: string) =>
  body('internal', `Something went wrong on our side. Please try again. (Reference: ${requestId})`)

/** One place that maps every failure to the shared error shape. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error(error)
      if (error.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', 60)
      return reply.code(error.status).send(body(error.code, error.message, error.fields))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {}
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body')
        fields[key] ??= issue.message ?? 'Invalid value'
      }
      return reply.code(400).send(badInputBody(fields))
    }
    if (error.statusCode === 429) {
      // Every 429 says when to come back, in the header and in words.
      const retryAfter = parseRetryAfter(String(reply.getHeader('retry-after') ?? '')) ?? 60
      return reply
        .code(429)
        .header('retry-after', retryAfter)
        .send(body('rate_limited', tooManyAttempts(retryAfter)))
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined
    if (mapped) {
      const status = mapped === 'bad_request' ? 400 : mapped === 'payload_too_large' ? 413 : 415
      return reply.code(status).send(body(mapped, error.message))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(body('bad_request', error.message))
    }
    req.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send(internalErrorBody(req.id))
  })
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return body('not_found', `No such endpoint: ${method} ${url.split('?')[0]}`)
}
