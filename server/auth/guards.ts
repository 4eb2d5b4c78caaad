import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { AuthSession } from '#common/schemas/auth.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { preparedQuery } from '#server/db/client.ts'
import { session, user } from '#server/db/schema/auth.ts'
import { AppError } from '#server/errors.ts'

// Who a request is (issue 17, decision 027). Better Auth writes the session cookie at sign-in and
// ends sessions at sign-out, suspension and deletion; reading one back is a signature check and one
// indexed query for the session and its user, with no Better Auth context to build per request.

/** Better Auth's session cookie: `__Secure-` prefixed where cookies are secure (production). */
const cookieName = (ctx: AppContext) =>
  `${ctx.config.env === 'production' ? '__Secure-' : ''}better-auth.session_token`

/** Whether the request carries a session cookie at all (signed or not, either name): a request
 * without one is a signed-out reader's, the same for everyone. */
export const carriesSessionCookie = (req: FastifyRequest) =>
  /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(req.headers.cookie ?? '')

/**
 * The session token in the request's cookie when its signature is ours, else null. Better Auth
 * signs it as better-call does: `<token>.<base64 HMAC-SHA256(secret, token)>`, URI-encoded.
 */
export function sessionToken(cookieHeader: string | undefined, name: string, secret: string): string | null {
  if (!cookieHeader?.includes(name)) return null
  const prefix = `${name}=`
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length)
  if (!raw) return null
  let value: string
  try {
    value = decodeURIComponent(raw)
  } catch {
    return null
  }
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const signature = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
}

/** Whom a live session token belongs to, unless they are suspended: prepared once (issue 17). */
const sessionByToken = preparedQuery((db) =>
  db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      image: user.image,
      sessionId: session.id,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(
      and(
        eq(session.token, sql.placeholder('token')),
        gt(session.expiresAt, sql.placeholder('now')),
        eq(user.banned, false),
      ),
    )
    .prepare('session_by_token'),
)

/** A live session: its person, and the session as GET /api/auth/get-session reports it. */
export interface SessionRead {
  person: SessionUser
  /** What the app's session query holds (common/schemas/auth.ts), so a page can carry it. */
  session: NonNullable<AuthSession>
}

/**
 * The live session, or null. Most reads are signed out and stop at the cookie; an unsigned,
 * unknown or expired session, or a suspended person, is signed out too (suspension also ends their
 * sessions: admin.service.ts). A session read in the last SESSION_CACHE_SECONDS comes from the
 * session cache, which every write empties (session-cache.ts).
 */
export async function readSession(req: FastifyRequest): Promise<SessionRead | null> {
  const { ctx, sessionCache: cache } = req.server
  const token = sessionToken(req.headers.cookie, cookieName(ctx), ctx.config.authSecret)
  if (!token) return null
  const cached = cache?.get(token)
  if (cached !== undefined) return cached
  const stamp = cache?.stamp() ?? 0
  const [found] = await sessionByToken(ctx.db).execute({ token, now: new Date() })
  const read: SessionRead | null = found
    ? {
        person: {
          id: found.id,
          name: found.name,
          email: found.email,
          role: found.role === 'admin' ? 'admin' : 'user',
        },
        session: {
          user: {
            id: found.id,
            name: found.name,
            email: found.email,
            emailVerified: found.emailVerified,
            image: found.image,
          },
          session: { id: found.sessionId, userId: found.id, expiresAt: found.expiresAt.toISOString() },
        },
      }
    : null
  cache?.set(token, read, stamp, found?.expiresAt.getTime())
  return read
}

/** The signed-in person, or null (see readSession). */
export async function readSessionUser(req: FastifyRequest): Promise<SessionUser | null> {
  return (await readSession(req))?.person ?? null
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
