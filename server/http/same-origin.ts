import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '#server/env.ts'
import { AppError } from '#server/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ACCEPTED_TYPES = ['application/json', 'multipart/form-data']
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']
const PAYMENT_WEBHOOKS = '/api/payments/webhook/'

/**
 * The origins Inkwell answers mutating requests from (here and in Better Auth): APP_URL's, and
 * outside production its loopback spellings too (same scheme and port), so `npm start` works
 * whether the browser opened localhost, 127.0.0.1 or [::1].
 */
export function trustedOrigins(config: Pick<Config, 'appUrl' | 'env'>): string[] {
  const app = new URL(config.appUrl)
  if (config.env === 'production' || !LOOPBACK_HOSTS.includes(app.hostname)) return [app.origin]
  const others = LOOPBACK_HOSTS.filter((host) => host !== app.hostname).map((host) => {
    const url = new URL(app.origin)
    url.hostname = host
    return url.origin
  })
  return [app.origin, ...others]
}

/**
 * Cross-site request forgery guard for the API: a mutating request must come from one of our own
 * origins and carry JSON or multipart (types a cross-site HTML form cannot send with credentials
 * without a CORS preflight, which we never grant).
 */
export function registerSameOriginGuard(app: FastifyInstance, config: Pick<Config, 'appUrl' | 'env'>) {
  const allowed = new Set(trustedOrigins(config))
  // Someone who opened Inkwell at another address (the machine's network address, another port)
  // learns where it lives instead of a bare refusal.
  const elsewhere = `Open Inkwell at ${new URL(config.appUrl).origin} — this address is not the one it is set up for`
  // A callback hook: the reads (nearly every request) pass without a promise of their own.
  app.addHook('onRequest', (req, _reply, done) => done(refusal(req) ?? undefined))

  /** Why this request may not run, or null. */
  function refusal(req: FastifyRequest): AppError | null {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return null
    // A payment provider's server posts events with no Origin; their signature is the guard.
    if (req.url.startsWith(PAYMENT_WEBHOOKS)) return null
    const origin = req.headers.origin ?? originOf(req.headers.referer)
    if (!origin || origin === 'null') {
      return new AppError('forbidden', 'This request must come from the Inkwell app itself')
    }
    if (!allowed.has(origin)) return new AppError('forbidden', elsewhere)
    const type = req.headers['content-type']
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
    if (hasBody && !ACCEPTED_TYPES.some((t) => type?.toLowerCase().startsWith(t))) {
      return new AppError(
        'unsupported_media_type',
        'Send JSON (application/json) or a file upload (multipart/form-data)',
      )
    }
    return null
  }
}

/** A header that is not a URL has no origin (and must not turn into a 500). */
const originOf = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).origin : undefined)
