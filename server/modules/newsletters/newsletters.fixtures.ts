import { and, eq, sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { expect } from 'vitest'
import { NEWSLETTER_FANOUT, NEWSLETTER_SEND } from '#server/db/job-queue.ts'
import { newsletterDelivery, subscription, user } from '#server/db/schema/index.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'
import { fanOut, fanOutChapter, type SendOutcome, sendBatch } from './delivery.service.ts'

/**
 * The newsletter queues' jobs, run here one after the other as a worker would (a test app never
 * starts the queue): each job once, in the order queued. A send job that throws (a deferred mail)
 * is what the queue would retry: `retry` runs those again.
 */
export function jobRunner(t: TestApp) {
  const done = new Set<string>()
  const failed: Array<{ ids: string[] }> = []
  const outcomes: SendOutcome[] = []
  const run = async (data: { ids: string[] }) => {
    try {
      outcomes.push(await sendBatch(t.app.ctx, data.ids))
    } catch {
      failed.push(data)
    }
  }
  return {
    outcomes,
    /** Every newsletter job not run yet, and those they queue. */
    async drain() {
      for (;;) {
        const { rows } = await t.database.db.execute<{ id: string; name: string; data: never }>(
          sql`select id, name, data from pgboss.job where name in (${NEWSLETTER_FANOUT}, ${NEWSLETTER_SEND}) order by created_on, id`,
        )
        const next = rows.filter((job) => !done.has(job.id))
        if (next.length === 0) return
        for (const job of next) {
          done.add(job.id)
          const data = job.data as { postId?: string; chapterId?: string; ids: string[] }
          if (job.name === NEWSLETTER_SEND) await run(data)
          else if (data.chapterId) await fanOutChapter(t.app.ctx, data.chapterId)
          else await fanOut(t.app.ctx, data.postId!)
        }
      }
    },
    /** The send jobs that failed, tried again as the queue's retry would. */
    async retry() {
      for (const data of failed.splice(0)) await run(data)
    },
  }
}

/** How many fan-out jobs were queued for the post. */
export async function fanOutJobs(t: TestApp, postId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${NEWSLETTER_FANOUT} and data->>'postId' = ${postId}`,
  )
  return Number(rows[0].n)
}

export const deliveriesOf = (t: TestApp, postId: string) =>
  t.database.db
    .select()
    .from(newsletterDelivery)
    .where(eq(newsletterDelivery.postId, postId))
    .orderBy(newsletterDelivery.email)

/** The kind each recipient got, by address. */
export async function kindsOf(t: TestApp, postId: string) {
  return Object.fromEntries((await deliveriesOf(t, postId)).map((d) => [d.email, `${d.kind}:${d.status}`]))
}

export async function suspend(t: TestApp, person: TestUser, banned = true) {
  await t.database.db.update(user).set({ banned }).where(eq(user.id, person.id))
}

export async function followWriter(t: TestApp, reader: TestUser, writer: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: `/api/writers/${writer.id}/follow`,
    cookie: reader.cookie,
  })
  expect(res.statusCode, res.body).toBe(201)
}

export async function setPrice(t: TestApp, writer: TestUser, monthlyPrice: number) {
  const res = await t.request({
    method: 'PATCH',
    url: '/api/me',
    cookie: writer.cookie,
    body: { monthlyPrice },
  })
  expect(res.statusCode, res.body).toBe(200)
}

export async function emailNewPostsOf(t: TestApp, reader: TestUser, writer: TestUser) {
  const [row] = await t.database.db
    .select({ on: subscription.emailNewPosts })
    .from(subscription)
    .where(and(eq(subscription.subscriberId, reader.id), eq(subscription.writerId, writer.id)))
  return row?.on
}

/** The token in a received newsletter's List-Unsubscribe https address. */
export function tokenIn(listUnsubscribe: string): string {
  const url = /<(https?:[^>]+)>/.exec(listUnsubscribe)?.[1]
  if (!url) throw new Error(`no https address in ${listUnsubscribe}`)
  return new URL(url).searchParams.get('token')!
}

/** A header's value as sent (unfolded), read from the parsed mail's own lines. */
export function header(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line
  if (!line) throw new Error(`no ${name} header`)
  return line
    .replace(/\r?\n(?=[ \t])/g, '')
    .slice(name.length + 1)
    .trim()
}

/** A mail client's RFC 8058 one-click POST: no cookie, no Origin, the form body. */
export const oneClick = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
