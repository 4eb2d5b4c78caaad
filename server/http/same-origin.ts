import type { FastifyInstance } from 'fastify'
import { AppError } from '#server/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ACCEPTED_TYPES = ['application/json', 'multipart/form-data']

/**
 * Cross-site request forgery guard for the API: a mutating request must come from one of our own
 * origins and carry JSON or multipart (types a cross-site HTML form cannot send with credentials
 * without a CORS preflight, which we never grant).
 */
export function registerSameOriginGuard(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin))
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return
    const origin = req.headers.origin ?? originOf(req.headers.referer)
    if (!origin || !allowed.has(origin)) {
      throw new AppError('forbidden', 'This request must come from the Inkwell app itself')
    }
    const type = req.headers['content-type']
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
    if (hasBody && !ACCEPTED_TYPES.some((t) => type?.toLowerCase().startsWith(t))) {
      throw new AppError(
        'unsupported_media_type',
        'Send JSON (application/json) or a file upload (multipart/form-data)',
      )
    }
  })
}

/** A header that is not a URL has no origin (and must not turn into a 500). */
const originOf = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).origin : undefined)
