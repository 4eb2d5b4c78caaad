import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
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

/** helmet (CSP and friends) plus Permissions-Policy, on every answer. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'appUrl' | 'env'>) {
  const https = config.appUrl.startsWith('https:')
  await app.register(helmet, {
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
  })
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
  })
}
