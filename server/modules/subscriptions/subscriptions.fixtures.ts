import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { post } from '#server/db/schema/index.ts'
import type { TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

/**
 * Someone who writes at this monthly price, set through the API, with a published post (so a
 * writer page exists for them: it does for those who have published).
 */
export async function createWriter(t: TestApp, name: string, monthlyPrice = 0): Promise<TestUser> {
  const writer = await createUser(t, { name })
  const res = await t.request({
    method: 'PATCH',
    url: '/api/me',
    cookie: writer.cookie,
    body: { intent: 'write', monthlyPrice },
  })
  if (res.statusCode !== 200) throw new Error(`writer setup failed: ${res.statusCode} ${res.body}`)
  await t.database.db.insert(post).values({
    authorId: writer.id,
    category: 'fiction',
    title: `First story by ${name}`,
    slug: randomUUID(),
    status: 'published',
    publishedAt: new Date(),
  })
  return writer
}

/** Pays a subscription to `writer` through the API and the sandbox checkout; answers the order id. */
export async function subscribePaid(t: TestApp, reader: TestUser, writer: TestUser): Promise<string> {
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: reader.cookie,
    body: { kind: 'subscription', writerId: writer.id },
  })
  if (created.statusCode !== 201) throw new Error(`order failed: ${created.statusCode} ${created.body}`)
  const orderId = created.json().id as string
  const paid = await t.request({
    method: 'POST',
    url: `/api/payments/sandbox/${orderId}/pay`,
    cookie: reader.cookie,
    body: { outcome: 'succeed' },
  })
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`)
  return orderId
}

/** Rows that subscription requests may write, to show a refused one wrote nothing. */
export async function subscriptionState(t: TestApp) {
  const { rows } = await t.database.db.execute<Record<string, unknown>>(sql`select
    (select coalesce(json_agg(s order by s.id), '[]') from subscription s) as subscriptions,
    (select count(*)::int from notification) as notifications,
    (select coalesce(json_agg(p.monthly_price order by p.user_id), '[]') from profile p) as prices`)
  return rows[0]
}

/** The notifications one person received, newest first. */
export async function notificationsOf(t: TestApp, person: TestUser) {
  const { rows } = await t.database.db.execute<{ kind: string; message: string; link: string | null }>(
    sql`select kind, message, link from notification where writer_id = ${person.id} order by timestamp desc, id desc`,
  )
  return rows
}
