import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releaseEarnings } from '#server/core/ledger/release.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { signIn } from '#server/test/factories.ts'
import { DEMO_PASSWORD, seedDemo } from '../seed.ts'

let t: TestApp
const cookies: Record<string, string> = {}
beforeAll(async () => {
  t = await buildTestApp()
  await seedDemo(t.app.ctx)
  for (const who of ['grace', 'tomas', 'mei', 'admin']) {
    cookies[who] = (await signIn(t, `${who}@inkwell.test`, DEMO_PASSWORD)).headers['set-cookie'] as string
  }
}, 120_000)
afterAll(() => t.close())

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[]
const idOf = async (who: string) =>
  (await rows<{ id: string }>(sql`select id from "user" where email = ${`${who}@inkwell.test`}`))[0].id
const get = async (who: string, url: string) => {
  const res = await t.request({ method: 'GET', url, cookie: cookies[who] })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('the demo history', () => {
  it('keeps the ledger double-entry and no writer balance the app guards below zero', async () => {
    expect(
      await rows(sql`select transfer_id from ledger_entry group by transfer_id having sum(amount) <> 0`),
    ).toEqual([])
    expect(
      await rows(sql`select t.id from ledger_transfer t
        where (select count(*) from ledger_entry e where e.transfer_id = t.id) < 2`),
    ).toEqual([])
    // Each entry dated with its transfer, as the services write them.
    expect(
      await rows(sql`select e.id from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
        where e.created_at <> t.created_at`),
    ).toEqual([])
    const negative = await rows(sql`
      select account, sum(amount)::int as balance from ledger_entry
      where account ~ '^writer:.*:(pending|available|payout_pending)$'
      group by account having sum(amount) < 0`)
    expect(negative).toEqual([])
    // Nothing dated in the future.
    const [{ future }] = await rows<{ future: number }>(sql`
      select (select count(*) from ledger_transfer where created_at > now())::int
           + (select count(*) from "order" where created_at > now() or updated_at > now())::int
           + (select count(*) from post_like where created_at > now())::int
           + (select count(*) from post_comment where created_at > now())::int
           + (select count(*) from subscription where created_at > now())::int as future`)
    expect(future).toBe(0)
  })

  it('gives Grace months of book sales, one refund, releases and one paid payout', async () => {
    const summary = await get('grace', '/api/me/earnings')
    expect(summary.available).toBeGreaterThanOrEqual(0)
    expect(summary.available).toBeGreaterThan(1000)
    expect(summary.paidOut).toBeGreaterThan(0)
    expect(summary.payoutPending).toBe(0)
    expect(summary.owed).toBe(0)
    const monthly = await get('grace', '/api/me/earnings/monthly?months=12')
    const withSales = monthly.months.filter((m: { gross: number }) => m.gross > 0)
    expect(withSales.length).toBeGreaterThanOrEqual(5)

    const grace = await idOf('grace')
    const refunds = await rows<{ status: string; seller_id: string; copies: number }>(sql`
      select o.status, o.seller_id,
        (select count(*)::int from book_ownership b where b.order_id = o.id) as copies
      from ledger_transfer t join "order" o on o.id = t.order_id where t.kind = 'refund'`)
    expect(refunds).toEqual([{ status: 'refunded', seller_id: grace, copies: 0 }])
    // A refunded sale is never released; every other sale past the window is.
    const [{ unreleased }] = await rows<{ unreleased: number }>(sql`
      select count(*)::int as unreleased from ledger_transfer s
      where s.kind in ('sale', 'renewal') and s.payment_ref like 'history-%'
        and s.created_at <= now() - interval '14 days'
        and not exists (select 1 from ledger_transfer r where r.kind = 'release' and r.payment_ref = s.id::text)
        and not exists (select 1 from ledger_transfer f where f.kind = 'refund' and f.payment_ref = s.payment_ref)`)
    expect(unreleased).toBe(0)
    // Only the base seed's one older book sale is left to the first housekeeping run.
    expect(await releaseEarnings(t.app.ctx)).toBe(1)

    const payouts = await get('grace', '/api/me/payouts?limit=10')
    expect(payouts.items).toEqual([
      expect.objectContaining({
        status: 'paid',
        reference: expect.any(String),
        decidedAt: expect.any(String),
      }),
    ])
    const kinds = await rows<{ kind: string }>(
      sql`select kind from ledger_transfer where payout_id = ${payouts.items[0].id} order by created_at`,
    )
    expect(kinds.map((k) => k.kind)).toEqual(['payout', 'payout_paid'])
  })

  it('has paid subscriptions renewed month after month, and one open payout request for the admin', async () => {
    const renewals = await rows<{ month: string }>(sql`
      select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM') as month
      from ledger_transfer where kind = 'renewal'`)
    expect(renewals.length).toBeGreaterThanOrEqual(4)
    // Every live paid subscription runs past today; the housekeeping renewal job takes it from there.
    const [{ stale }] = await rows<{ stale: number }>(sql`
      select count(*)::int as stale from subscription
      where kind = 'paid' and status = 'active' and current_period_end <= now()`)
    expect(stale).toBe(0)

    const open = await get('admin', '/api/admin/payouts?status=open&limit=10')
    expect(open.items).toEqual([
      expect.objectContaining({
        status: 'open',
        writer: expect.objectContaining({ email: 'mei@inkwell.test' }),
      }),
    ])
    const mei = await get('mei', '/api/me/earnings')
    expect(mei.payoutPending).toBe(open.items[0].amount)
    expect(mei.available).toBeGreaterThanOrEqual(0)
    const tomas = await get('tomas', '/api/me/earnings')
    expect(tomas.lifetime.gross).toBeGreaterThan(10_000)
  })

  it('has readers taking the writers’ exams since they came out: submitted, some passed, some not', async () => {
    const [taken] = await rows<{ attempts: number; submitted: number; passed: number; days: number }>(sql`
      select count(*)::int as attempts, count(a.submitted_at)::int as submitted,
        (count(*) filter (where a.passed))::int as passed,
        count(distinct (a.submitted_at at time zone 'UTC')::date)::int as days
      from exam_attempt a join "user" u on u.id = a.user_id join exam e on e.id = a.exam_id
      where u.email like '%@readers.inkwell.test' and a.started_at >= e.published_at`)
    expect(taken.attempts).toBeGreaterThanOrEqual(15)
    expect(taken.submitted).toBe(taken.attempts)
    expect(taken.passed).toBeGreaterThan(0)
    expect(taken.passed).toBeLessThan(taken.attempts)
    expect(taken.days).toBeGreaterThan(5)
  })

  it('spreads readership over the half year: views by day, likes, comments and follows, counters equal', async () => {
    const grace = await idOf('grace')
    const [views] = await rows<{ days: number; weekday: number; weekend: number }>(sql`
      select count(distinct v.day)::int as days,
        (count(*) filter (where extract(isodow from v.day) < 6))::float / greatest(count(distinct v.day) filter (where extract(isodow from v.day) < 6), 1) as weekday,
        (count(*) filter (where extract(isodow from v.day) >= 6))::float / greatest(count(distinct v.day) filter (where extract(isodow from v.day) >= 6), 1) as weekend
      from post_view v join post p on p.id = v.post_id where p.author_id = ${grace}`)
    expect(views.days).toBeGreaterThan(150)
    expect(views.weekend).toBeLessThan(views.weekday)
    const [spread] = await rows<{ likes: number; comments: number; follows: number }>(sql`
      select
        (select count(distinct date_trunc('month', l.created_at)) from post_like l join post p on p.id = l.post_id
          where p.author_id = ${grace})::int as likes,
        (select count(distinct date_trunc('month', c.created_at)) from post_comment c join post p on p.id = c.post_id
          where p.author_id = ${grace})::int as comments,
        (select count(distinct date_trunc('month', s.created_at)) from subscription s
          where s.writer_id = ${grace} and s.kind = 'free')::int as follows`)
    expect(spread.likes).toBeGreaterThanOrEqual(4)
    expect(spread.comments).toBeGreaterThanOrEqual(2)
    expect(spread.follows).toBeGreaterThanOrEqual(5)
    const mismatched = await rows(sql`
      select p.id from post p
      where p.like_count <> (select count(*) from post_like l where l.post_id = p.id)
         or p.comment_count <> (select count(*) from post_comment c where c.post_id = p.id)
         or p.view_count <> (select count(*) from post_view v where v.post_id = p.id)`)
    expect(mismatched).toEqual([])
    // The counters' triggers are on again after the seed.
    const triggers = await rows<{ tgname: string; tgenabled: string }>(sql`
      select tgname, tgenabled from pg_trigger where tgname in ('post_view_count', 'post_like_count')`)
    expect(triggers.map((r) => r.tgenabled)).toEqual(['O', 'O'])
  })
})
