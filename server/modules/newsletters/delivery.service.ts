import { and, asc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { NEWSLETTER_DIGEST, NEWSLETTER_FANOUT, NEWSLETTER_SEND } from '#server/db/job-queue.ts'
import {
  book,
  bookChapter,
  bookOwnership,
  newsletterContact,
  newsletterDelivery,
  post,
  profile,
  subscription,
  user,
} from '#server/db/schema/index.ts'
import type { Worker } from '#server/jobs/queue.ts'
import { MailRefused } from '#server/mail/mailer.ts'
import {
  type DeliveryRow,
  digestPostsWhere,
  liveSubscription,
  mailableReader,
  mailSources,
  nowOf,
} from './mail-sources.ts'

// Newsletters (decision 046): a post's, the owners' "New chapter" and the weekly digest. Each is
// queued in the transaction that causes it, fanned out into one delivery row per recipient, then
// mailed in batches, each row in its own short transaction.

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
 * posts by e-mail, newsletters at all and not as the weekly digest, not suspended, whose address
 * has not bounced, never the writer; and the addresses the writer imported that their owners
 * confirmed (once: not an address an account row already has). Nobody for a suspended writer or a post no longer published. A subscribers-only post
 * goes whole to those entitled to it (core/entitlement.ts's rule: paid in period, or a free follow
 * while the price is 0) and as its excerpt to the others. Run again, it adds nobody twice.
 */
export async function fanOut(ctx: AppContext, postId: string): Promise<number> {
  const now = nowOf(ctx)
  return ctx.db.transaction(async (tx) => {
    const price = sql`coalesce((select ${profile.monthlyPrice} from ${profile} where ${profile.userId} = ${post.authorId}), 0)`
    const entitled = sql`((${subscription.kind} = 'paid' and ${subscription.currentPeriodEnd} > ${now}) or (${subscription.kind} = 'free' and ${price} = 0))`
    const writer = sql`"writer"`
    const publishedPost = sql`${post.id} = ${postId} and ${post.status} = 'published'`
    await tx.execute(sql`
      insert into ${newsletterDelivery} (post_id, recipient_id, email, kind)
      select ${post.id}, ${user.id}, ${user.email},
        case when ${post.access} = 'free' or ${entitled} then 'full' else 'excerpt' end
      from ${post}
      join ${user} as ${writer} on ${writer}.id = ${post.authorId} and not ${writer}.banned
      join ${subscription} on ${subscription.writerId} = ${post.authorId}
        and ${liveSubscription(now)} and ${subscription.emailNewPosts}
      join ${user} on ${user.id} = ${subscription.subscriberId} and ${mailableReader} and not ${user.newsletterDigest}
      where ${publishedPost} and ${user.id} <> ${post.authorId}
      on conflict do nothing`)
    await tx.execute(sql`
      insert into ${newsletterDelivery} (post_id, contact_id, email, kind)
      select ${post.id}, ${newsletterContact.id}, ${newsletterContact.email},
        case when ${post.access} = 'free' or ${price} = 0 then 'full' else 'excerpt' end
      from ${post}
      join ${user} as ${writer} on ${writer}.id = ${post.authorId} and not ${writer}.banned
      join ${newsletterContact} on ${newsletterContact.writerId} = ${post.authorId}
        and ${newsletterContact.status} = 'confirmed'
      where ${publishedPost}
        -- An imported address that is also a follower's account address gets the post once.
        and not exists (select 1 from ${newsletterDelivery} as "mailed"
          where "mailed".post_id = ${post.id} and lower("mailed".email) = ${newsletterContact.email})
      on conflict do nothing`)
    return queueSends(ctx, tx, eq(newsletterDelivery.postId, postId))
  })
}

/**
 * A chapter newly published in a book on sale: one row per owner (not the writer, an account that
 * takes e-mail from writers), then the send jobs. Nothing for a book no longer published.
 */
export async function fanOutChapter(ctx: AppContext, chapterId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const writer = sql`"writer"`
    await tx.execute(sql`
      insert into ${newsletterDelivery} (chapter_id, recipient_id, email, kind)
      select ${bookChapter.id}, ${user.id}, ${user.email}, 'full'
      from ${bookChapter}
      join ${book} on ${book.id} = ${bookChapter.bookId} and ${book.status} = 'published'
      join ${user} as ${writer} on ${writer}.id = ${book.authorId} and not ${writer}.banned
      join ${bookOwnership} on ${bookOwnership.bookId} = ${book.id}
      join ${user} on ${user.id} = ${bookOwnership.userId} and ${mailableReader}
      where ${bookChapter.id} = ${chapterId} and ${user.id} <> ${book.authorId}
      on conflict do nothing`)
    return queueSends(ctx, tx, eq(newsletterDelivery.chapterId, chapterId))
  })
}

/** The Monday (UTC) that starts the week before the one `at` is in: the week a digest sent at `at` covers. */
export function digestWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const sinceMonday = (day.getUTCDay() + 6) % 7
  day.setUTCDate(day.getUTCDate() - sinceMonday - 7)
  return day.toISOString().slice(0, 10)
}

/**
 * The weekly digest's rows: one per reader who chose it and has something new from the week
 * (Monday to Monday, UTC), then the send jobs. Run again for the same week, it adds nobody twice.
 */
export async function fanOutDigest(ctx: AppContext, week: string): Promise<number> {
  const now = nowOf(ctx)
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${newsletterDelivery} (digest_week, recipient_id, email, kind)
      select ${week}::date, ${user.id}, ${user.email}, 'full'
      from ${user}
      where ${user.newsletterDigest} and ${mailableReader}
        and exists (select 1 from ${post} where ${digestPostsWhere(user.id as unknown as SQL, week, now)})
      on conflict do nothing`)
    return queueSends(ctx, tx, eq(newsletterDelivery.digestWeek, week))
  })
}

/** One send job per SEND_BATCH of a mail's rows still queued, in the fan-out's transaction. */
async function queueSends(ctx: AppContext, tx: Tx, source: SQL): Promise<number> {
  const rows = await tx
    .select({ id: newsletterDelivery.id })
    .from(newsletterDelivery)
    .where(and(source, eq(newsletterDelivery.status, 'queued')))
    .orderBy(asc(newsletterDelivery.id))
  for (let i = 0; i < rows.length; i += SEND_BATCH) {
    await ctx.jobs.send(tx, NEWSLETTER_SEND, { ids: rows.slice(i, i + SEND_BATCH).map((r) => r.id) })
  }
  return rows.length
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
 * mark it, commit. The only way a recipient gets a mail twice is a process dying between the mail
 * server's acceptance and that commit (decision 046). Throws at the end when a row was deferred.
 */
export async function sendBatch(ctx: AppContext, ids: string[]): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, bounced: 0, failed: 0, deferred: 0 }
  const mails = mailSources(ctx)
  for (const id of ids) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: newsletterDelivery.id,
          postId: newsletterDelivery.postId,
          chapterId: newsletterDelivery.chapterId,
          digestWeek: newsletterDelivery.digestWeek,
          recipientId: newsletterDelivery.recipientId,
          contactId: newsletterDelivery.contactId,
          email: newsletterDelivery.email,
          kind: newsletterDelivery.kind,
          attempts: newsletterDelivery.attempts,
          // What changed since the fan-out: the reader gone quiet or suspended, the address changed
          // or bounced, an imported address unsubscribed.
          stillWanted: sql<boolean>`coalesce(case when ${newsletterDelivery.contactId} is null
            then ${user.email} = ${newsletterDelivery.email} and ${mailableReader}
            else ${newsletterContact.email} = ${newsletterDelivery.email} and ${newsletterContact.status} = 'confirmed' end, false)`,
        })
        .from(newsletterDelivery)
        .leftJoin(user, eq(user.id, newsletterDelivery.recipientId))
        .leftJoin(newsletterContact, eq(newsletterContact.id, newsletterDelivery.contactId))
        .where(and(eq(newsletterDelivery.id, id), eq(newsletterDelivery.status, 'queued')))
        .for('update', { of: newsletterDelivery, skipLocked: true })
      if (!row) return
      const mark = (change: Partial<typeof newsletterDelivery.$inferInsert>) =>
        tx.update(newsletterDelivery).set(change).where(eq(newsletterDelivery.id, row.id))
      const mail = row.stillWanted ? await mails.of(tx, row as DeliveryRow) : 'No longer sent to this reader'
      if (typeof mail === 'string') {
        outcome.failed++
        await mark({ status: 'failed', error: mail })
        return
      }
      try {
        await ctx.mailer.send(mail)
      } catch (error) {
        const response =
          error instanceof MailRefused ? error.response : String((error as Error).message ?? error)
        if (error instanceof MailRefused && error.permanent) {
          outcome.bounced++
          await mark({ status: 'bounced', attempts: row.attempts + 1, error: response })
          await markBounced(ctx, tx, row, response)
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

/** A refusal for good: nothing more goes to the account's address, or to the imported one. */
async function markBounced(ctx: AppContext, tx: Tx, row: DeliveryRow, reason: string) {
  if (row.contactId) {
    await tx
      .update(newsletterContact)
      .set({ status: 'bounced', bounceReason: reason })
      .where(eq(newsletterContact.id, row.contactId))
    return
  }
  await tx
    .update(user)
    .set({ emailBouncedAt: ctx.clock.now(), emailBounceReason: reason })
    .where(and(eq(user.id, row.recipientId!), isNull(user.emailBouncedAt)))
}

/** How long a delivery may wait queued before the sweep sends it again. */
const STRANDED_AFTER_MS = 60 * 60 * 1000

/**
 * Rows still queued an hour after they were written, whose send job is gone (it used up its
 * retries while another process held the row, or was lost): one more send job per mail, at most
 * one an hour each (a singleton key), so a refusing mail server is not asked faster than its backoff.
 */
export async function sweepStranded(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - STRANDED_AFTER_MS)
  const rows = await ctx.db
    .select({
      id: newsletterDelivery.id,
      source: sql<string>`coalesce(${newsletterDelivery.postId}::text, ${newsletterDelivery.chapterId}::text, ${newsletterDelivery.digestWeek}::text)`,
    })
    .from(newsletterDelivery)
    .where(and(eq(newsletterDelivery.status, 'queued'), lt(newsletterDelivery.createdAt, before)))
    .orderBy(asc(newsletterDelivery.createdAt), asc(newsletterDelivery.id))
    .limit(SEND_BATCH * 10)
  const bySource = new Map<string, typeof rows>()
  for (const row of rows) bySource.set(row.source, [...(bySource.get(row.source) ?? []), row])
  await ctx.db.transaction(async (tx) => {
    for (const [source, stranded] of bySource) {
      const ids = stranded.slice(0, SEND_BATCH).map((row) => row.id)
      await ctx.jobs.send(
        tx,
        NEWSLETTER_SEND,
        { ids },
        { singletonKey: `sweep.${source}`, singletonMinutes: 60 },
      )
    }
  })
  return bySource.size
}

/**
 * Queues the owners' "New chapter" mail, in the transaction of the chapter write, when the chapter
 * first has words in a book already in the store (a chapter of a book not yet published is part of
 * its publication, not news). The conditional update makes it once per chapter.
 */
export async function queueChapterMail(ctx: AppContext, tx: Tx, chapterId: string): Promise<boolean> {
  const [queued] = await tx
    .update(bookChapter)
    .set({ announcedAt: ctx.clock.now() })
    .where(
      and(
        eq(bookChapter.id, chapterId),
        isNull(bookChapter.announcedAt),
        sql`${bookChapter.wordCount} > 0`,
        sql`exists (select 1 from ${book} where ${book.id} = ${bookChapter.bookId} and ${book.status} = 'published' and ${book.publishedAt} < ${bookChapter.createdAt})`,
      ),
    )
    .returning({ id: bookChapter.id })
  if (!queued) return false
  await ctx.jobs.send(tx, NEWSLETTER_FANOUT, { chapterId })
  return true
}

type FanOutJob = { postId: string } | { chapterId: string }

/**
 * The newsletter queues' workers (the server's start: server/index.ts). pg-boss waits out the
 * poll interval after a job shorter than it, even with more waiting: at 2 s a process sent at most
 * 50 mails/s (bench/newsletters.ts), so these look every half second.
 */
export function newsletterWorkers(ctx: AppContext): Worker[] {
  return [
    {
      queue: NEWSLETTER_FANOUT,
      pollSeconds: 0.5,
      run: async (job) => {
        const data = job.data as FanOutJob
        if ('chapterId' in data) await fanOutChapter(ctx, data.chapterId)
        else await fanOut(ctx, data.postId)
      },
    },
    {
      queue: NEWSLETTER_SEND,
      pollSeconds: 0.5,
      run: async (job) => {
        await sendBatch(ctx, (job.data as { ids: string[] }).ids)
      },
    },
    {
      queue: NEWSLETTER_DIGEST,
      // Mondays at 08:00 UTC: the week that ended at midnight.
      cron: '0 8 * * 1',
      pollSeconds: 60,
      run: async () => {
        await fanOutDigest(ctx, digestWeekOf(ctx.clock.now()))
      },
    },
  ]
}
