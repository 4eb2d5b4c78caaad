import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { NewsletterLinkState } from '#common/schemas/newsletters.ts'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { newsletterContact, newsletterDelivery, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { type LinkClaims, readLinkToken, tokenMatches } from './tokens.ts'

// A newsletter's signed link (tokens.ts): what its page shows and the choice it makes, for an
// account (its live subscription's emailNewPosts; a digest's link, the global switch) or an
// imported address (its contact row). The
// one-click POST, the page's switch and its undo, and a pending address's confirmation all land here.

const live = ne(subscription.status, 'ended')

// One answer whatever is wrong with a link: malformed, forged, for another address, or for a
// subscription that ended. It tells a guesser nothing.
const badLink = () => new AppError('not_found', 'This link is not valid any more')

type Link = LinkClaims & { email: string }

/** The token's claims when its signature holds for the recipient's current address. */
async function verifiedLink(ctx: AppContext, token: string): Promise<Link> {
  const claims = readLinkToken(token)
  if (!claims) throw badLink()
  const [recipient] =
    claims.to.kind === 'reader'
      ? await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, claims.to.id))
      : await ctx.db
          .select({ email: newsletterContact.email })
          .from(newsletterContact)
          .where(and(eq(newsletterContact.id, claims.to.id), eq(newsletterContact.writerId, claims.writerId)))
  if (!recipient || !tokenMatches(ctx.config.authSecret, claims, recipient.email)) throw badLink()
  return { to: claims.to, writerId: claims.writerId, postId: claims.postId, email: recipient.email }
}

export const hiddenAddress = (email: string) => {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`
}

/** A weekly digest's link: for every writer the reader follows (its writer is empty). */
const isDigest = (link: LinkClaims) => link.writerId === ''

/** Whether the link's recipient gets the writer's new posts now; null when there is nothing to get. */
async function choiceOf(tx: Tx | AppContext['db'], link: Link): Promise<boolean | null> {
  if (isDigest(link)) {
    const [row] = await tx.select({ on: user.newsletters }).from(user).where(eq(user.id, link.to.id))
    return row ? row.on : null
  }
  if (link.to.kind === 'reader') {
    const [row] = await tx
      .select({ on: subscription.emailNewPosts })
      .from(subscription)
      .where(and(eq(subscription.subscriberId, link.to.id), eq(subscription.writerId, link.writerId), live))
    return row ? row.on : null
  }
  const [row] = await tx
    .select({ status: newsletterContact.status })
    .from(newsletterContact)
    .where(eq(newsletterContact.id, link.to.id))
  return row ? row.status === 'confirmed' : null
}

async function linkStateOf(ctx: AppContext, link: Link): Promise<NewsletterLinkState> {
  const [writer] = isDigest(link)
    ? [null]
    : await ctx.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, link.writerId))
  const on = await choiceOf(ctx.db, link)
  if (writer === undefined || on === null) throw badLink()
  return { writer, email: hiddenAddress(link.email), emailNewPosts: on, imported: link.to.kind === 'contact' }
}

/** GET /api/newsletters/link: what the link's page shows. */
export async function readLink(ctx: AppContext, token: string): Promise<NewsletterLinkState> {
  return linkStateOf(ctx, await verifiedLink(ctx, token))
}

/**
 * The link's recipient's choice for its writer (the page's switch and undo, the one-click POST,
 * an imported address's confirmation). Turning off through a post's mail counts as that post's
 * unsubscribe; turning on again takes it back. A bounced address stays off: its mail server said no.
 */
export async function setLinkChoice(ctx: AppContext, token: string, emailNewPosts: boolean) {
  const link = await verifiedLink(ctx, token)
  await ctx.db.transaction(async (tx) => {
    const changed = isDigest(link)
      ? await setNewsletters(tx, link.to.id, emailNewPosts)
      : link.to.kind === 'reader'
        ? await setEmailNewPosts(tx, link.to.id, link.writerId, emailNewPosts)
        : await setContactChoice(ctx, tx, link.to.id, emailNewPosts)
    if (!changed) throw badLink()
    if (!link.postId) return
    const recipient =
      link.to.kind === 'reader'
        ? eq(newsletterDelivery.recipientId, link.to.id)
        : eq(newsletterDelivery.contactId, link.to.id)
    await tx
      .update(newsletterDelivery)
      .set({ unsubscribedAt: emailNewPosts ? null : ctx.clock.now() })
      .where(
        and(
          eq(newsletterDelivery.postId, link.postId),
          recipient,
          emailNewPosts ? undefined : isNull(newsletterDelivery.unsubscribedAt),
        ),
      )
  })
  return linkStateOf(ctx, link)
}

export async function setEmailNewPosts(
  tx: Tx,
  readerId: string,
  writerId: string,
  on: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(subscription)
    .set({ emailNewPosts: on })
    .where(and(eq(subscription.subscriberId, readerId), eq(subscription.writerId, writerId), live))
    .returning({ id: subscription.id })
  return rows.length > 0
}

/** A digest's link turns every newsletter off (or back on): the settings' global switch. */
async function setNewsletters(tx: Tx, readerId: string, on: boolean): Promise<boolean> {
  const rows = await tx
    .update(user)
    .set({ newsletters: on })
    .where(eq(user.id, readerId))
    .returning({ id: user.id })
  return rows.length > 0
}

/** On: a pending or unsubscribed address confirmed; off: unsubscribed. Bounced stays as it is. */
async function setContactChoice(ctx: AppContext, tx: Tx, contactId: string, on: boolean): Promise<boolean> {
  const now = ctx.clock.now()
  const rows = await tx
    .update(newsletterContact)
    .set(
      on
        ? {
            status: 'confirmed',
            confirmedAt: sql`coalesce(${newsletterContact.confirmedAt}, ${now})`,
            unsubscribedAt: null,
          }
        : { status: 'unsubscribed', unsubscribedAt: now },
    )
    .where(and(eq(newsletterContact.id, contactId), ne(newsletterContact.status, 'bounced')))
    .returning({ id: newsletterContact.id })
  return rows.length > 0
}
