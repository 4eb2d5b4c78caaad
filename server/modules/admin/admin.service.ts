import { and, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { AdminUser, AdminUserQuery, AdminWaiting, SuspendInput } from '#common/schemas/admin.ts'
import type { Role } from '#common/schemas/profile.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import { accountPolicy, authorize, capabilities } from '#server/core/policies/index.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { escapeLike } from '#server/db/like.ts'
import { book, exam, payout, post, report, session, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

type UserRow = typeof user.$inferSelect

const toAdminUser =
  (actor: SessionUser) =>
  (u: UserRow): AdminUser => ({
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image,
    role: u.role === 'admin' ? 'admin' : 'user',
    banned: u.banned,
    banReason: u.banReason,
    createdAt: u.createdAt.toISOString(),
    ...capabilities(accountPolicy, actor, u, ['manage']),
  })

export async function listUsers(ctx: AppContext, actor: SessionUser, query: AdminUserQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined
  const rows = await ctx.db
    .select()
    .from(user)
    .where(
      and(
        pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
        afterCursor(query.cursor, user.createdAt, user.id),
      ),
    )
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(query.limit + 1)
  return toPage(rows, query.limit, toAdminUser(actor))
}

async function findManageable(ctx: AppContext, actor: SessionUser, id: string): Promise<UserRow> {
  authorize(accountPolicy.manage, actor, { id }, 'You cannot change your own account from here')
  const [row] = await ctx.db.select().from(user).where(eq(user.id, id))
  if (!row) throw new AppError('not_found', 'That user does not exist')
  return row
}

export async function setRole(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  role: Role,
): Promise<AdminUser> {
  const before = await findManageable(ctx, actor, id)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ role, updatedAt: ctx.clock.now() })
      .where(eq(user.id, id))
      .returning()
    if (before.role !== row.role) {
      const message =
        role === 'admin'
          ? 'An administrator made you an admin.'
          : 'An administrator changed your role to user.'
      await notify(tx, id, 'role_changed', message, '/dashboard')
    }
    return toAdminUser(actor)(row)
  })
}

/** Suspending ends every session at once; Better Auth refuses new sign-ins while banned. */
export async function setSuspension(ctx: AppContext, actor: SessionUser, id: string, input: SuspendInput) {
  await findManageable(ctx, actor, id)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({
        banned: input.suspended,
        banReason: input.suspended ? input.reason || 'Suspended by an administrator' : null,
        banExpires: null,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(user.id, id))
      .returning()
    if (input.suspended) await tx.delete(session).where(eq(session.userId, id))
    return toAdminUser(actor)(row)
  })
}

/** What waits for an admin: each count is one read of a status-first index. */
export async function waitingForAdmins(ctx: AppContext): Promise<AdminWaiting> {
  const [[posts], [exams], [books], [reports], [payouts]] = await Promise.all([
    ctx.db.select({ n: count() }).from(post).where(eq(post.status, 'pending')),
    ctx.db.select({ n: count() }).from(exam).where(eq(exam.status, 'pending')),
    ctx.db.select({ n: count() }).from(book).where(eq(book.status, 'pending')),
    ctx.db.select({ n: count() }).from(report).where(eq(report.status, 'open')),
    ctx.db.select({ n: count() }).from(payout).where(eq(payout.status, 'open')),
  ])
  return { posts: posts.n, exams: exams.n, books: books.n, reports: reports.n, payouts: payouts.n }
}
