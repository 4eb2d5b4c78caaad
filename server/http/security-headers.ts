import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '#server/env.ts'

/**
 * Browser features no Inkwell page uses, switched off for the page and anything it embeds. The
 * editor, uploads and checkout (a redirect to the provider) need none of them.
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
  'publickey-credentials-get=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/**
 * helmet's headers (CSP and friends) plus Permissions-Policy, on every answer. They are the same
 * for every request, so they are worked out once here: @fastify/helmet built helmet's middleware
 * anew on each request, a third of the cost of the cheapest route (issue 17).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'appUrl' | 'env'>) {
  const https = config.appUrl.startsWith('https:')
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
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
      // HSTS pins the host to https for a year: only where Inkwell really is served over https in
      // production. Sent over plain http in development, it would break localhost for other apps.
      strictTransportSecurity: config.env === 'production' && https,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  }
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
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
