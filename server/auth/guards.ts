import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { AuthSession } from '#common/schemas/auth.ts'
import { systemClock } from '#server/clock.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { preparedQuery } from '#server/db/client.ts'
import { session, user } from '#server/db/schema/auth.ts'
import { AppError } from '#server/errors.ts'

// Who a request is (decision 027). Better Auth writes the session cookie at sign-in and
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

/** What a session read selects: the person and their session (also a page's viewer read, pages/viewer.ts). */
export const sessionSelection = { user, sessionId: session.id, expiresAt: session.expiresAt }

/** The session whose token is the `token` placeholder, live at `now`, of someone not suspended. */
export const liveSessionOfToken = and(
  eq(session.token, sql.placeholder('token')),
  gt(session.expiresAt, sql.placeholder('now')),
  eq(user.banned, false),
)

/** Whom a live session token belongs to: prepared once. */
const sessionByToken = preparedQuery((db) =>
  db
    .select(sessionSelection)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(liveSessionOfToken)
    .prepare('session_by_token'),
)

/** A live session: its person, and the session as GET /api/auth/get-session reports it. */
export interface SessionRead {
  person: SessionUser
  /** What the app's session query holds (common/schemas/auth.ts), so a page can carry it. */
  session: NonNullable<AuthSession>
}

/** A row of `sessionSelection`, as a SessionRead. */
export function toSessionRead({
  user: u,
  sessionId,
  expiresAt,
}: {
  user: typeof user.$inferSelect
  sessionId: string
  expiresAt: Date
}): SessionRead {
  return {
    person: { id: u.id, name: u.name, email: u.email, role: u.role === 'admin' ? 'admin' : 'user' },
    session: {
      user: { id: u.id, name: u.name, email: u.email, emailVerified: u.emailVerified, image: u.image },
      session: { id: sessionId, userId: u.id, expiresAt: expiresAt.toISOString() },
    },
  }
}

/** The request's session token, when its cookie carries one we signed; else null. */
export const requestSessionToken = (req: FastifyRequest) =>
  sessionToken(req.headers.cookie, cookieName(req.server.ctx), req.server.ctx.config.authSecret)

/**
 * The live session, or null. Most reads are signed out and stop at the cookie; an unsigned,
 * unknown or expired session, or a suspended person, is signed out too (suspension also ends their
 * sessions: admin.service.ts). A session read in the last SESSION_CACHE_SECONDS comes from the
 * session cache, which every write empties (session-cache.ts).
 */
export async function readSession(req: FastifyRequest): Promise<SessionRead | null> {
  const { ctx, sessionCache: cache } = req.server
  const token = requestSessionToken(req)
  if (!token) return null
  const cached = cache?.get(token)
  if (cached !== undefined) return cached
  const stamp = cache?.stamp() ?? 0
  // Sessions keep the real time, whatever the clock of the rules that read it (CLOCK_OFFSET_DAYS).
  const [found] = await sessionByToken(ctx.db).execute({ token, now: systemClock.now() })
  const read = found ? toSessionRead(found) : null
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
