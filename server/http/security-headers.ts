import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '#server/env.ts'
import { EARLY_TAPS_SOURCE } from '#server/modules/pages/index.ts'
import { DOCS_PREFIX } from './openapi.ts'

/**
 * Browser features no Inkwell page uses, switched off for the page and anything it embeds. The
 * editor, uploads and checkout (a redirect to the provider) need none of them. Passkeys are the
 * page's own, on its origin only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  // Passkeys (decision 050): signing in with one and adding one, never from an embedded frame.
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/**
 * What an API answer carries (decision 031). JSON is never rendered as a page, so the
 * headers that shape a page (script sources, Permissions-Policy, opener and referrer policies, …)
 * mean nothing on it; what matters is that nothing can frame it, sniff it into something else or
 * read it from another site, and that opened by itself in a tab it may load and run nothing. These
 * are the OWASP REST cheat sheet's headers. They are a quarter of the bytes, and the cached public
 * reads serve 1.2× the requests with them (bench/README.md).
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
}

/** The API's addresses, but for its reference (HTML, with its own scripts and styles). */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX)

/**
 * helmet's headers (CSP and friends) plus Permissions-Policy on every page, asset and document;
 * API_HEADERS on every API answer. They are the same for every request, so they are worked out
 * once here: @fastify/helmet built helmet's middleware anew on each request, a third of the cost
 * of the cheapest route.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'appUrl' | 'env'>) {
  const https = config.appUrl.startsWith('https:')
  // HSTS pins the host to https for a year: only where Inkwell really is served over https in
  // production. Sent over plain http in development, it would break localhost for other apps.
  const hsts = config.env === 'production' && https
  const page: Record<string, string> = {
    ...helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", EARLY_TAPS_SOURCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: hsts,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  }
  const api: Record<string, string> = { ...API_HEADERS }
  const pinned = page['strict-transport-security']
  if (pinned) api['strict-transport-security'] = pinned
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApi(req.url) ? api : page)
    done()
  })
}

/** The headers helmet's middleware sets with `options`, by running it once on a stand-in answer. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: () => {},
  }
  let done = false
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
    done = true
  })
  // helmet 8 sets its headers synchronously; anything else would leave answers without them.
  if (!done) throw new Error('helmet did not finish at once')
  return headers
}
