import type { FastifyServerOptions } from 'fastify'
import type { TrustProxy } from '#server/env.ts'

/**
 * Fastify's `trustProxy` for our setting. req.ip, which every rate limit keys on, is then the
 * right-most X-Forwarded-For address that no trusted proxy added: a client can prepend whatever it
 * likes, the proxy appends the address it really saw. Fastify 5 ignores a bare hop count (it
 * cannot check the nearest peer), so a count becomes proxy-addr's (address, hop) function: trust
 * the socket's peer and the next count-1 hops.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting
  return setting
}
