import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyRequest } from 'fastify'
import type { SessionUser } from '#server/context.ts'
import { AppError } from '#server/errors.ts'

/** Better Auth's session cookie, `__Secure-` prefixed in production: without it there is no session. */
const SESSION_COOKIE = 'better-auth.session_token='

/** Reads the session cookie; null when signed out. Banned users have no sessions (Better Auth ends them). */
export async function readSessionUser(req: FastifyRequest): Promise<SessionUser | null> {
  // Most reads are signed out: they skip Better Auth's context and lookup altogether (issue 17).
  if (!req.headers.cookie?.includes(SESSION_COOKIE)) return null
  const session = await req.server.ctx.auth.api.getSession({ headers: fromNodeHeaders(req.headers) })
  if (!session) return null
  const { id, name, email, role } = session.user
  return { id, name, email, role: role === 'admin' ? 'admin' : 'user' }
}

export async function requireUser(req: FastifyRequest): Promise<void> {
  req.user = await readSessionUser(req)
  if (!req.user) throw new AppError('unauthorized', 'Sign in to continue')
}

export async function requireAdmin(req: FastifyRequest): Promise<void> {
  await requireUser(req)
  if (req.user!.role !== 'admin') throw new AppError('forbidden', 'Only administrators can do this')
}

/** The acting user on a guarded route. */
export function actor(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('unauthorized', 'Sign in to continue')
  return req.user
}
