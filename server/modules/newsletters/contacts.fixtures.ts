import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { NEWSLETTER_CONFIRM } from '#server/db/job-queue.ts'
import { newsletterContact } from '#server/db/schema/index.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'
import { type ConfirmOutcome, sendConfirmations } from './contacts.service.ts'

/** POST /api/me/subscribers/import as `who` (signed out when null). */
export const importCsv = (t: TestApp, who: TestUser | null, csv: unknown, dryRun?: boolean) =>
  t.request({
    method: 'POST',
    url: '/api/me/subscribers/import',
    cookie: who?.cookie,
    body: dryRun === undefined ? { csv } : { csv, dryRun },
  })

/** Imports and expects it to answer 200: the report. */
export async function imported(t: TestApp, who: TestUser, csv: string) {
  const res = await importCsv(t, who, csv)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The writer's contact rows, by address. */
export const contactsOf = (t: TestApp, writer: TestUser) =>
  t.database.db
    .select()
    .from(newsletterContact)
    .where(eq(newsletterContact.writerId, writer.id))
    .orderBy(newsletterContact.email)

/** The confirmation jobs queued so far: each one's contact ids. */
export async function confirmJobs(t: TestApp): Promise<Array<{ id: string; ids: string[] }>> {
  const { rows } = await t.database.db.execute<{ id: string; data: { ids: string[] } }>(
    sql`select id, data from pgboss.job where name = ${NEWSLETTER_CONFIRM} order by created_on, id`,
  )
  return rows.map((r) => ({ id: r.id, ids: r.data.ids }))
}

/** Runs each confirmation job not run yet, as the queue's worker would (a test app never starts it). */
export function confirmRunner(t: TestApp) {
  const done = new Set<string>()
  return async function drain(): Promise<ConfirmOutcome[]> {
    const outcomes: ConfirmOutcome[] = []
    for (const job of await confirmJobs(t)) {
      if (done.has(job.id)) continue
      done.add(job.id)
      outcomes.push(
        await sendConfirmations(t.app.ctx, job.ids).catch(() => ({ sent: 0, bounced: 0, deferred: 1 })),
      )
    }
    return outcomes
  }
}
