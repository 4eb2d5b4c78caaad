import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { postPath } from '#common/paths.ts'
import type {
  MailedNewsletter,
  NewsletterPreferences,
  NewsletterStats,
  NewsletterSwitchInput,
} from '#common/schemas/newsletters.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { newsletterDelivery, post, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { setEmailNewPosts } from './link.service.ts'

// What a reader gets by e-mail: per writer (a live subscription's emailNewPosts), the global
// switch, the weekly digest, a bounced address; and how a post's newsletter went, for its writer.

const live = ne(subscription.status, 'ended')
const writer = alias(user, 'writer')

/** GET /api/me/newsletters. */
export async function myNewsletters(ctx: AppContext, actor: SessionUser): Promise<NewsletterPreferences> {
  const [me] = await ctx.db
    .select({
      newsletters: user.newsletters,
      digest: user.newsletterDigest,
      at: user.emailBouncedAt,
      reason: user.emailBounceReason,
    })
    .from(user)
    .where(eq(user.id, actor.id))
  if (!me) throw new AppError('unauthorized', 'Sign in again')
  const writers = await ctx.db
    .select({
      writerId: writer.id,
      name: writer.name,
      image: writer.image,
      emailNewPosts: subscription.emailNewPosts,
    })
    .from(subscription)
    .innerJoin(writer, eq(writer.id, subscription.writerId))
    .where(and(eq(subscription.subscriberId, actor.id), live))
    .orderBy(asc(writer.name), asc(writer.id))
  return {
    newsletters: me.newsletters,
    digest: me.digest,
    bounce: me.at
      ? { at: me.at.toISOString(), reason: me.reason ?? 'The mail server refused the address' }
      : null,
    writers,
  }
}

/** PATCH /api/me/newsletters: the global switch, the weekly digest; trying a bounced address again. */
export async function updateMyNewsletters(ctx: AppContext, actor: SessionUser, input: NewsletterSwitchInput) {
  await ctx.db
    .update(user)
    .set({
      ...(input.newsletters !== undefined ? { newsletters: input.newsletters } : {}),
      ...(input.digest !== undefined ? { newsletterDigest: input.digest } : {}),
      ...(input.retryBouncedAddress ? { emailBouncedAt: null, emailBounceReason: null } : {}),
    })
    .where(eq(user.id, actor.id))
  return myNewsletters(ctx, actor)
}

/** PUT /api/me/newsletters/writers/:writerId: 404 without a live subscription to that writer. */
export async function setWriterNewsletter(
  ctx: AppContext,
  actor: SessionUser,
  writerId: string,
  on: boolean,
) {
  const changed = await ctx.db.transaction((tx) => setEmailNewPosts(tx, actor.id, writerId, on))
  if (!changed) throw new AppError('not_found', 'You do not follow this writer')
  return myNewsletters(ctx, actor)
}

const count = (condition: SQL) =>
  sql<number>`(count(${newsletterDelivery.id}) filter (where ${condition}))::int`.mapWith(Number)

/** A post's newsletter figures, over its delivery rows (left-joined: a post mailed to nobody is all 0). */
const figures = {
  postId: post.id,
  recipients: sql<number>`count(${newsletterDelivery.id})::int`.mapWith(Number),
  sent: count(sql`${newsletterDelivery.status} = 'sent'`),
  failed: count(sql`${newsletterDelivery.status} = 'failed'`),
  bounced: count(sql`${newsletterDelivery.status} = 'bounced'`),
  unsubscribes: count(sql`${newsletterDelivery.unsubscribedAt} is not null`),
}

/** GET /api/me/newsletters/stats: each of the actor's own posts among `postIds`; others' are left out. */
export async function newsletterStats(
  ctx: AppContext,
  actor: SessionUser,
  postIds: string[],
): Promise<NewsletterStats[]> {
  if (postIds.length === 0) return []
  return ctx.db
    .select(figures)
    .from(post)
    .leftJoin(newsletterDelivery, eq(newsletterDelivery.postId, post.id))
    .where(and(inArray(post.id, postIds), eq(post.authorId, actor.id)))
    .groupBy(post.id)
    .orderBy(asc(post.id))
}

/**
 * The writer's posts first mailed between two days (inclusive, UTC), newest first, with their
 * figures: the overview's newsletters.
 */
export async function newslettersMailed(
  ctx: AppContext,
  writerId: string,
  from: string,
  to: string,
  limit: number,
): Promise<MailedNewsletter[]> {
  const mailed = ctx.db
    .select({ id: post.id, title: post.title, slug: post.slug, mailedAt: post.newsletterQueuedAt })
    .from(post)
    .where(
      and(
        eq(post.authorId, writerId),
        sql`${post.newsletterQueuedAt} >= ${from}::date and ${post.newsletterQueuedAt} < ${to}::date + 1`,
      ),
    )
    .orderBy(desc(post.newsletterQueuedAt), desc(post.id))
    .limit(limit)
    .as('mailed')
  const rows = await ctx.db
    .select({ ...figures, title: mailed.title, slug: mailed.slug, mailedAt: mailed.mailedAt })
    .from(mailed)
    .innerJoin(post, eq(post.id, mailed.id))
    .leftJoin(newsletterDelivery, eq(newsletterDelivery.postId, post.id))
    .groupBy(post.id, mailed.title, mailed.slug, mailed.mailedAt)
    .orderBy(desc(mailed.mailedAt), desc(post.id))
  return rows.map(({ slug, mailedAt, ...row }) => ({
    ...row,
    path: postPath(writerId, slug),
    mailedAt: (mailedAt as Date).toISOString(),
  }))
}
