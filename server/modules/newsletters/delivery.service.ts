import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { NEWSLETTER_FANOUT, NEWSLETTER_SEND } from '#server/db/job-queue.ts'
import { newsletterDelivery, post, profile, subscription, user } from '#server/db/schema/index.ts'
import type { Worker } from '#server/jobs/queue.ts'
import { MailRefused } from '#server/mail/mailer.ts'
import { type NewsletterPost, newsletterMail } from './mail.ts'
import { signLinkToken } from './tokens.ts'

// A post's newsletter (decision 046): queued in the publishing transaction, fanned out into one
// delivery row per recipient, then mailed in batches, each row in its own short transaction.

/** Delivery ids per send job. */
export const SEND_BATCH = 100
/** A mail server's "try later" this many times (the send queue's retries + 1), then the row fails. */
export const MAX_ATTEMPTS = 11

/**
 * Queues the post's newsletter when it is first published and asks for one: the conditional update
 * makes a second call (an edit approved again, two approvals at once) queue nothing.
 */
export async function queueNewsletter(ctx: AppContext, tx: Tx, postId: string): Promise<boolean> {
  const [queued] = await tx
    .update(post)
    .set({ newsletterQueuedAt: ctx.clock.now() })
    .where(and(eq(post.id, postId), eq(post.emailSubscribers, true), isNull(post.newsletterQueuedAt)))
    .returning({ id: post.id })
  if (!queued) return false
  await ctx.jobs.send(tx, NEWSLETTER_FANOUT, { postId })
  return true
}

/**
 * One delivery row per recipient, then the send jobs for the rows still queued. Recipients: the
 * writer's live subscribers (a paid subscription while its period runs) who take this writer's new
 * posts by e-mail and newsletters at all, not suspended, whose address has not bounced, never the
 * writer; nobody for a suspended writer or a post no longer published. A subscribers-only post goes
 * whole to those entitled to it (core/entitlement.ts's rule: paid in period, or a free follow while
 * the price is 0) and as its excerpt to the others. Run again, it adds nobody twice.
 */
export async function fanOut(ctx: AppContext, postId: string): Promise<number> {
  const now = sql`${ctx.clock.now().toISOString()}::timestamptz`
  return ctx.db.transaction(async (tx) => {
    const price = sql`coalesce((select ${profile.monthlyPrice} from ${profile} where ${profile.userId} = ${post.authorId}), 0)`
    const entitled = sql`((${subscription.kind} = 'paid' and ${subscription.currentPeriodEnd} > ${now}) or (${subscription.kind} = 'free' and ${price} = 0))`
    const writer = sql`"writer"`
    await tx.execute(sql`
      insert into ${newsletterDelivery} (post_id, recipient_id, email, kind)
      select ${post.id}, ${user.id}, ${user.email},
        case when ${post.access} = 'free' or ${entitled} then 'full' else 'excerpt' end
      from ${post}
      join ${user} as ${writer} on ${writer}.id = ${post.authorId} and not ${writer}.banned
      join ${subscription} on ${subscription.writerId} = ${post.authorId}
        and ${subscription.status} <> 'ended' and ${subscription.emailNewPosts}
        and (${subscription.kind} = 'free' or ${subscription.currentPeriodEnd} > ${now})
      join ${user} on ${user.id} = ${subscription.subscriberId}
        and not ${user.banned} and ${user.emailBouncedAt} is null and ${user.newsletters}
      where ${post.id} = ${postId} and ${post.status} = 'published' and ${user.id} <> ${post.authorId}
      on conflict (post_id, recipient_id) do nothing`)
    const rows = await tx
      .select({ id: newsletterDelivery.id })
      .from(newsletterDelivery)
      .where(and(eq(newsletterDelivery.postId, postId), eq(newsletterDelivery.status, 'queued')))
      .orderBy(asc(newsletterDelivery.id))
    for (let i = 0; i < rows.length; i += SEND_BATCH) {
      const ids = rows.slice(i, i + SEND_BATCH).map((r) => r.id)
      await ctx.jobs.send(tx, NEWSLETTER_SEND, { postId, ids })
    }
    return rows.length
  })
}

export interface SendOutcome {
  sent: number
  bounced: number
  failed: number
  /** Rows a mail server asked to try later: the job fails so the queue retries it with backoff. */
  deferred: number
}

/**
 * Mails one batch. Each row: lock it if still queued (SKIP LOCKED: another process has it), send,
 * mark it, commit. The only way a reader gets a post twice is a process dying between the mail
 * server's acceptance and that commit (decision 046). Throws at the end when a row was deferred.
 */
export async function sendBatch(ctx: AppContext, postId: string, ids: string[]): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, bounced: 0, failed: 0, deferred: 0 }
  const source = await newsletterPostOf(ctx, postId)
  for (const id of ids) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: newsletterDelivery.id,
          recipientId: newsletterDelivery.recipientId,
          email: newsletterDelivery.email,
          kind: newsletterDelivery.kind,
          attempts: newsletterDelivery.attempts,
          stillWanted: sql<boolean>`(${user.email} = ${newsletterDelivery.email} and not ${user.banned}
            and ${user.emailBouncedAt} is null and ${user.newsletters})`,
        })
        .from(newsletterDelivery)
        .innerJoin(user, eq(user.id, newsletterDelivery.recipientId))
        .where(
          and(
            eq(newsletterDelivery.id, id),
            eq(newsletterDelivery.postId, postId),
            eq(newsletterDelivery.status, 'queued'),
          ),
        )
        .for('update', { of: newsletterDelivery, skipLocked: true })
      if (!row) return
      const mark = (change: Partial<typeof newsletterDelivery.$inferInsert>) =>
        tx.update(newsletterDelivery).set(change).where(eq(newsletterDelivery.id, row.id))
      // What changed since the fan-out: the post withdrawn, the writer suspended, the reader gone quiet.
      if (!source || !row.stillWanted) {
        outcome.failed++
        await mark({
          status: 'failed',
          error: source ? 'No longer sent to this reader' : 'The post is no longer published',
        })
        return
      }
      const token = signLinkToken(
        ctx.config.authSecret,
        { readerId: row.recipientId, writerId: source.writer.id, postId },
        row.email,
      )
      try {
        await ctx.mailer.send(
          newsletterMail(ctx.config.appUrl, source, {
            id: row.recipientId,
            email: row.email,
            kind: row.kind,
            token,
          }),
        )
      } catch (error) {
        const response =
          error instanceof MailRefused ? error.response : String((error as Error).message ?? error)
        if (error instanceof MailRefused && error.permanent) {
          outcome.bounced++
          await mark({ status: 'bounced', attempts: row.attempts + 1, error: response })
          await tx
            .update(user)
            .set({ emailBouncedAt: ctx.clock.now(), emailBounceReason: response })
            .where(and(eq(user.id, row.recipientId), isNull(user.emailBouncedAt)))
          return
        }
        const attempts = row.attempts + 1
        if (attempts >= MAX_ATTEMPTS) outcome.failed++
        else outcome.deferred++
        await mark({ attempts, error: response, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued' })
        return
      }
      outcome.sent++
      await mark({ status: 'sent', sentAt: ctx.clock.now(), attempts: row.attempts + 1, error: null })
    })
  }
  if (outcome.deferred > 0) {
    throw new Error(`${outcome.deferred} of ${ids.length} newsletter mails were deferred by the mail server`)
  }
  return outcome
}

/** The post as its mail shows it, while it is published by a writer who is not suspended. */
async function newsletterPostOf(ctx: AppContext, postId: string): Promise<NewsletterPost | null> {
  const [row] = await ctx.db
    .select({
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      bodyHtml: post.bodyHtml,
      writerId: user.id,
      writerName: user.name,
    })
    .from(post)
    .innerJoin(user, and(eq(user.id, post.authorId), eq(user.banned, false)))
    .where(and(eq(post.id, postId), eq(post.status, 'published')))
  if (!row) return null
  const { writerId, writerName, ...rest } = row
  return { ...rest, writer: { id: writerId, name: writerName } }
}

/** How long a delivery may wait queued before the sweep sends it again. */
const STRANDED_AFTER_MS = 60 * 60 * 1000

/**
 * Rows still queued an hour after they were written, whose send job is gone (it used up its
 * retries while another process held the row, or was lost): one more send job per post, at most
 * one an hour each (a singleton key), so a refusing mail server is not asked faster than its backoff.
 */
export async function sweepStranded(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - STRANDED_AFTER_MS)
  const rows = await ctx.db
    .select({ id: newsletterDelivery.id, postId: newsletterDelivery.postId })
    .from(newsletterDelivery)
    .where(and(eq(newsletterDelivery.status, 'queued'), lt(newsletterDelivery.createdAt, before)))
    .orderBy(asc(newsletterDelivery.id))
    .limit(SEND_BATCH * 10)
  const byPost = new Map<string, string[]>()
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row.id])
  await ctx.db.transaction(async (tx) => {
    for (const [postId, stranded] of byPost) {
      const ids = stranded.slice(0, SEND_BATCH)
      await ctx.jobs.send(
        tx,
        NEWSLETTER_SEND,
        { postId, ids },
        { singletonKey: `sweep.${postId}`, singletonMinutes: 60 },
      )
    }
  })
  return byPost.size
}

/** The newsletter queues' workers (the server's start: server/index.ts). */
export function newsletterWorkers(ctx: AppContext): Worker[] {
  return [
    {
      queue: NEWSLETTER_FANOUT,
      pollSeconds: 2,
      run: async (job) => {
        await fanOut(ctx, (job.data as { postId: string }).postId)
      },
    },
    {
      queue: NEWSLETTER_SEND,
      pollSeconds: 2,
      run: async (job) => {
        const { postId, ids } = job.data as { postId: string; ids: string[] }
        await sendBatch(ctx, postId, ids)
      },
    },
  ]
}
