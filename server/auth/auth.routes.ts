import type { FastifyInstance } from 'fastify'
import { CLIENT_IP_HEADER } from './auth.ts'

/** Hands /api/auth/* to Better Auth: Fastify request → Fetch Request → Fastify reply (every Set-Cookie). */
export function authRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (req, reply) => {
      const headers = new Headers()
      for (const [key, value] of Object.entries(req.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v)
      }
      headers.set(CLIENT_IP_HEADER, req.ip ?? '127.0.0.1')
      const request = new Request(new URL(req.url, app.ctx.config.appUrl), {
        method: req.method,
        headers,
        body: req.method === 'POST' && req.body !== undefined ? JSON.stringify(req.body) : undefined,
      })
      const response = await app.ctx.auth.handler(request)
      reply.status(response.status)
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length) reply.header('set-cookie', cookies)
      const text = await response.text()
      return reply.send(text || null)
    },
  })
}
