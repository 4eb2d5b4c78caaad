import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  NewsletterLinkState,
  NewsletterPreferences,
  NewsletterStats,
  NewsletterSwitchInput,
} from '#common/schemas/newsletters.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { newsletterDelivery, post, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { type LinkClaims, readLinkToken, tokenMatches } from './tokens.ts'

// What a reader gets by e-mail: per writer (a live subscription's emailNewPosts), the global
// switch, a bounced address; the same choice for one writer through a mail's signed link; and how
// a post's newsletter went, for its writer.

const live = ne(subscription.status, 'ended')
const writer = alias(user, 'writer')

// One answer whatever is wrong with a link: malformed, forged, for another address, or for a
// subscription that ended. It tells a guesser nothing.
const badLink = () => new AppError('not_found', 'This link is not valid any more')

/** The token's reader and writer when its signature holds for the reader's current address. */
async function verifiedLink(ctx: AppContext, token: string): Promise<LinkClaims & { email: string }> {
  const claims = readLinkToken(token)
  if (!claims) throw badLink()
  const [reader] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, claims.readerId))
  if (!reader || !tokenMatches(ctx.config.authSecret, claims, reader.email)) throw badLink()
  return { readerId: claims.readerId, writerId: claims.writerId, postId: claims.postId, email: reader.email }
}

const hidden = (email: string) => {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`
}

async function linkStateOf(
  ctx: AppContext,
  link: LinkClaims & { email: string },
): Promise<NewsletterLinkState> {
  const [row] = await ctx.db
    .select({ id: writer.id, name: writer.name, emailNewPosts: subscription.emailNewPosts })
    .from(subscription)
    .innerJoin(writer, eq(writer.id, subscription.writerId))
    .where(and(eq(subscription.subscriberId, link.readerId), eq(subscription.writerId, link.writerId), live))
  if (!row) throw badLink()
  return {
    writer: { id: row.id, name: row.name },
    email: hidden(link.email),
    emailNewPosts: row.emailNewPosts,
  }
}

/** GET /api/newsletters/link: what the unsubscribe page shows. */
export async function readLink(ctx: AppContext, token: string): Promise<NewsletterLinkState> {
  return linkStateOf(ctx, await verifiedLink(ctx, token))
}

/**
 * The link's reader's choice for its writer (the page's switch and undo, and the one-click POST).
 * Turning off through a post's mail counts as that post's unsubscribe; turning on again takes it back.
 */
export async function setLinkChoice(ctx: AppContext, token: string, emailNewPosts: boolean) {
  const link = await verifiedLink(ctx, token)
  await ctx.db.transaction(async (tx) => {
    const changed = await setEmailNewPosts(tx, link.readerId, link.writerId, emailNewPosts)
    if (!changed) throw badLink()
    if (link.postId) {
      await tx
        .update(newsletterDelivery)
        .set({ unsubscribedAt: emailNewPosts ? null : ctx.clock.now() })
        .where(
          and(
            eq(newsletterDelivery.postId, link.postId),
            eq(newsletterDelivery.recipientId, link.readerId),
            emailNewPosts ? undefined : isNull(newsletterDelivery.unsubscribedAt),
          ),
        )
    }
  })
  return linkStateOf(ctx, link)
}

async function setEmailNewPosts(tx: Tx, readerId: string, writerId: string, on: boolean): Promise<boolean> {
  const rows = await tx
    .update(subscription)
    .set({ emailNewPosts: on })
    .where(and(eq(subscription.subscriberId, readerId), eq(subscription.writerId, writerId), live))
    .returning({ id: subscription.id })
  return rows.length > 0
}

/** GET /api/me/newsletters. */
export async function myNewsletters(ctx: AppContext, actor: SessionUser): Promise<NewsletterPreferences> {
  const [me] = await ctx.db
    .select({ newsletters: user.newsletters, at: user.emailBouncedAt, reason: user.emailBounceReason })
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
    bounce: me.at
      ? { at: me.at.toISOString(), reason: me.reason ?? 'The mail server refused the address' }
      : null,
    writers,
  }
}

/** PATCH /api/me/newsletters: the global switch; trying a bounced address again. */
export async function updateMyNewsletters(ctx: AppContext, actor: SessionUser, input: NewsletterSwitchInput) {
  await ctx.db
    .update(user)
    .set({
      ...(input.newsletters !== undefined ? { newsletters: input.newsletters } : {}),
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

/** GET /api/me/newsletters/stats: each of the actor's own posts among `postIds`; others' are left out. */
export async function newsletterStats(
  ctx: AppContext,
  actor: SessionUser,
  postIds: string[],
): Promise<NewsletterStats[]> {
  if (postIds.length === 0) return []
  const count = (condition: ReturnType<typeof sql>) =>
    sql<number>`(count(${newsletterDelivery.id}) filter (where ${condition}))::int`.mapWith(Number)
  return ctx.db
    .select({
      postId: post.id,
      recipients: sql<number>`count(${newsletterDelivery.id})::int`.mapWith(Number),
      sent: count(sql`${newsletterDelivery.status} = 'sent'`),
      failed: count(sql`${newsletterDelivery.status} = 'failed'`),
      bounced: count(sql`${newsletterDelivery.status} = 'bounced'`),
      unsubscribes: count(sql`${newsletterDelivery.unsubscribedAt} is not null`),
    })
    .from(post)
    .leftJoin(newsletterDelivery, eq(newsletterDelivery.postId, post.id))
    .where(and(inArray(post.id, postIds), eq(post.authorId, actor.id)))
    .groupBy(post.id)
    .orderBy(asc(post.id))
}
