import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { SUBSCRIBER_IMPORT_REFUSED_LISTED } from '#common/constants.ts'
import { Email } from '#common/schemas/fields.ts'
import type {
  ImportedSubscriber,
  ImportedSubscriberPage,
  ImportedSubscribersQuery,
  NewsletterContactStatus,
  SubscriberImportInput,
  SubscriberImportRefusal,
  SubscriberImportReport,
} from '#common/schemas/newsletters.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { NEWSLETTER_CONFIRM } from '#server/db/job-queue.ts'
import { newsletterContact, post, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import type { Worker } from '#server/jobs/queue.ts'
import { MailRefused } from '#server/mail/mailer.ts'
import { confirmationMail } from './confirm-mail.ts'
import { readSubscriberCsv } from './subscriber-csv.ts'
import { signLinkToken } from './tokens.ts'

// A writer's imported addresses (newsletter_contact, decision 047): the import (a report, or a
// dry run of it), the one confirmation mail each new address gets, the list and its removal.
// An address is mailed posts only once its owner confirms (link.service.ts); one that
// unsubscribed or bounced stays on the list, so no later import adds it again.

/** Contact ids per confirmation job. */
export const CONFIRM_BATCH = 100
/** Rows per statement when a big file is looked up or written. */
const CHUNK = 1000
/** A refused row's email cell is echoed at most this long. */
const ECHO_MAX = 120

const chunks = <T>(items: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

/**
 * A writer, as decision 039 has it: someone with a published post. The confirmation mail points to
 * their writer page, which is there only then; and an account with nothing published cannot mail
 * thousands of strangers.
 */
async function assertWriter(ctx: AppContext, actor: SessionUser) {
  const [published] = await ctx.db
    .select({ id: post.id })
    .from(post)
    .where(and(eq(post.authorId, actor.id), eq(post.status, 'published')))
    .limit(1)
  if (!published)
    throw new AppError(
      'forbidden',
      'Publish your first post before importing subscribers: the confirmation mail leads to your writer page',
    )
}

type Refused = SubscriberImportReport['refused'][number]

/**
 * POST /api/me/subscribers/import. A file that is not a readable list is a 400 and writes nothing.
 * Otherwise each row is imported or refused with its line and reason; the imported are written
 * `pending` in one transaction with their confirmation jobs. A dry run answers the same report
 * and writes nothing.
 */
export async function importSubscribers(
  ctx: AppContext,
  actor: SessionUser,
  input: SubscriberImportInput,
): Promise<SubscriberImportReport> {
  await assertWriter(ctx, actor)
  const rows = readSubscriberCsv(input.csv)
  const own = actor.email.toLowerCase()

  // First what the file alone says, then what the database knows of the addresses left.
  const seen = new Set<string>()
  const checked = rows.map((row) => {
    const parsed = Email.safeParse(row.email)
    if (!parsed.success) return { row, email: null, reason: 'invalid_email' as const }
    const email = parsed.data
    if (seen.has(email)) return { row, email, reason: 'duplicate' as const }
    seen.add(email)
    if (email === own) return { row, email, reason: 'own_address' as const }
    return { row, email, reason: null }
  })
  const candidates = checked.flatMap((c) => (c.reason === null && c.email ? [c.email] : []))
  const imported = new Map<string, NewsletterContactStatus>()
  const subscribed = new Set<string>()
  for (const emails of chunks(candidates)) {
    const contacts = await ctx.db
      .select({ email: newsletterContact.email, status: newsletterContact.status })
      .from(newsletterContact)
      .where(and(eq(newsletterContact.writerId, actor.id), inArray(newsletterContact.email, emails)))
    for (const c of contacts) imported.set(c.email, c.status)
    const accounts = await ctx.db
      .select({ email: sql<string>`lower(${user.email})` })
      .from(subscription)
      .innerJoin(user, eq(user.id, subscription.subscriberId))
      .where(
        and(
          eq(subscription.writerId, actor.id),
          ne(subscription.status, 'ended'),
          inArray(sql`lower(${user.email})`, emails),
        ),
      )
    for (const a of accounts) subscribed.add(a.email)
  }

  const refused: Refused[] = []
  const accepted: Array<{ email: string; name: string; line: number }> = []
  const refuse = (
    line: number,
    email: string,
    reason: SubscriberImportRefusal,
    status: NewsletterContactStatus | null = null,
  ) => refused.push({ line, email: email.slice(0, ECHO_MAX), reason, status })
  for (const { row, email, reason } of checked) {
    if (reason) refuse(row.line, row.email, reason)
    else if (imported.has(email!)) refuse(row.line, row.email, 'already_imported', imported.get(email!))
    else if (subscribed.has(email!)) refuse(row.line, row.email, 'subscriber')
    else if (row.mailOff) refuse(row.line, row.email, 'mail_off')
    else accepted.push({ email: email!, name: row.name, line: row.line })
  }

  const report = (written: number): SubscriberImportReport => ({
    dryRun: input.dryRun === true,
    rows: rows.length,
    imported: written,
    refusedCount: refused.length,
    refused: refused.sort((a, b) => a.line - b.line).slice(0, SUBSCRIBER_IMPORT_REFUSED_LISTED),
  })
  if (input.dryRun || accepted.length === 0) return report(accepted.length)

  const written = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now()
    const ids: string[] = []
    const added = new Set<string>()
    for (const part of chunks(accepted)) {
      const rows = await tx
        .insert(newsletterContact)
        .values(part.map((a) => ({ writerId: actor.id, email: a.email, name: a.name, createdAt: now })))
        // Another import of the same address that committed since the look-up above.
        .onConflictDoNothing()
        .returning({ id: newsletterContact.id, email: newsletterContact.email })
      for (const r of rows) {
        ids.push(r.id)
        added.add(r.email)
      }
    }
    for (const batch of chunks(ids, CONFIRM_BATCH))
      await ctx.jobs.send(tx, NEWSLETTER_CONFIRM, { ids: batch })
    for (const a of accepted) if (!added.has(a.email)) refuse(a.line, a.email, 'already_imported')
    return ids.length
  })
  return report(written)
}

export interface ConfirmOutcome {
  sent: number
  bounced: number
  /** A mail server's "try later": the job fails so the queue tries the batch again. */
  deferred: number
}

/**
 * The confirmation mails of a batch. Each contact: lock its row if still pending and not yet
 * mailed (SKIP LOCKED: another process has it), send, stamp confirm_sent_at, commit: once, as
 * sendBatch does for posts (decision 046). A 5xx marks the address bounced; a 4xx leaves it for
 * the queue's retry. Nothing goes out for a suspended writer.
 */
export async function sendConfirmations(ctx: AppContext, ids: string[]): Promise<ConfirmOutcome> {
  const outcome: ConfirmOutcome = { sent: 0, bounced: 0, deferred: 0 }
  for (const id of ids) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: newsletterContact.id,
          email: newsletterContact.email,
          writerId: user.id,
          writerName: user.name,
        })
        .from(newsletterContact)
        .innerJoin(user, and(eq(user.id, newsletterContact.writerId), eq(user.banned, false)))
        .where(
          and(
            eq(newsletterContact.id, id),
            eq(newsletterContact.status, 'pending'),
            isNull(newsletterContact.confirmSentAt),
          ),
        )
        .for('update', { of: newsletterContact, skipLocked: true })
      if (!row) return
      const token = signLinkToken(
        ctx.config.authSecret,
        { to: { kind: 'contact', id: row.id }, writerId: row.writerId, postId: null },
        row.email,
      )
      const mail = confirmationMail(
        ctx.config.appUrl,
        { id: row.writerId, name: row.writerName },
        { id: row.id, email: row.email, token },
      )
      const mark = (change: Partial<typeof newsletterContact.$inferInsert>) =>
        tx.update(newsletterContact).set(change).where(eq(newsletterContact.id, row.id))
      try {
        await ctx.mailer.send(mail)
      } catch (error) {
        if (error instanceof MailRefused && error.permanent) {
          outcome.bounced++
          await mark({ status: 'bounced', bounceReason: error.response })
          return
        }
        outcome.deferred++
        return
      }
      outcome.sent++
      await mark({ confirmSentAt: ctx.clock.now() })
    })
  }
  if (outcome.deferred > 0)
    throw new Error(
      `${outcome.deferred} of ${ids.length} confirmation mails were deferred by the mail server`,
    )
  return outcome
}

/** The confirmation queue's worker (the server's start: server/index.ts). */
export function contactWorkers(ctx: AppContext): Worker[] {
  return [
    {
      queue: NEWSLETTER_CONFIRM,
      pollSeconds: 2,
      run: async (job) => {
        await sendConfirmations(ctx, (job.data as { ids: string[] }).ids)
      },
    },
  ]
}

const iso = (at: Date | null) => at?.toISOString() ?? null

/** GET /api/me/subscribers/imported: the writer's imported addresses, newest first, and their counts. */
export async function listImported(
  ctx: AppContext,
  actor: SessionUser,
  query: ImportedSubscribersQuery,
): Promise<ImportedSubscriberPage> {
  const mine = eq(newsletterContact.writerId, actor.id)
  const rows = await ctx.db
    .select()
    .from(newsletterContact)
    .where(and(mine, afterCursor(query.cursor, newsletterContact.createdAt, newsletterContact.id)))
    .orderBy(desc(newsletterContact.createdAt), desc(newsletterContact.id))
    .limit(query.limit + 1)
  const totals = await ctx.db
    .select({ status: newsletterContact.status, n: count() })
    .from(newsletterContact)
    .where(mine)
    .groupBy(newsletterContact.status)
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 }
  for (const t of totals) counts[t.status] = Number(t.n)
  const page = toPage(
    rows,
    query.limit,
    (r): ImportedSubscriber => ({
      id: r.id,
      email: r.email,
      name: r.name,
      status: r.status,
      confirmSentAt: iso(r.confirmSentAt),
      confirmedAt: iso(r.confirmedAt),
      unsubscribedAt: iso(r.unsubscribedAt),
      bounceReason: r.bounceReason,
      createdAt: r.createdAt.toISOString(),
    }),
  )
  return { ...page, counts }
}

/**
 * DELETE /api/me/subscribers/imported/:id: a pending or confirmed address leaves the list (with
 * its rows in past posts' figures). One that unsubscribed or bounced stays: it is what keeps a
 * later import from adding it again.
 */
export async function removeImported(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  const [contact] = await ctx.db
    .select({ status: newsletterContact.status })
    .from(newsletterContact)
    .where(and(eq(newsletterContact.id, id), eq(newsletterContact.writerId, actor.id)))
  if (!contact) throw new AppError('not_found', 'This address is not on your list')
  if (contact.status === 'unsubscribed' || contact.status === 'bounced')
    throw new AppError(
      'conflict',
      `This address ${contact.status === 'bounced' ? 'bounced' : 'unsubscribed'}: it stays on your list so that no later import mails it again`,
    )
  await ctx.db
    .delete(newsletterContact)
    .where(
      and(
        eq(newsletterContact.id, id),
        eq(newsletterContact.writerId, actor.id),
        inArray(newsletterContact.status, ['pending', 'confirmed']),
      ),
    )
}
