import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postPath } from '#common/paths.ts'
import type { Overview } from '#common/schemas/overview.ts'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { sell } from '#server/modules/earnings/earnings.fixtures.ts'
import { examFixtures, PERFECT } from '#server/modules/exams/exams.fixtures.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { rollUpStats } from './rollup.service.ts'

const DAY_MS = 86_400_000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10)
const noonDaysAgo = (n: number) => `${daysAgo(n)}T12:00:00.000Z`

let t: TestApp
let admin: TestUser
let writer: TestUser
let readers: TestUser[]
let posts: Array<{ id: string }>
let bookId: string
let examId: string

const overview = async (user: TestUser, days = 30) => {
  const res = await t.request({ method: 'GET', url: `/api/me/overview?days=${days}`, cookie: user.cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Overview
}

/** The writer's figures per day counted straight from the raw rows, not from the rollups. */
async function directCounts(writerId: string) {
  const { rows } = await t.database.db.execute<Record<string, string | number>>(sql`
    with days as (
      select v.day, 'views' as figure, count(*) as n from post_view v join post p on p.id = v.post_id
        where p.author_id = ${writerId} and v.viewer_key <> 'user:' || p.author_id group by 1
      union all
      select (l.created_at at time zone 'utc')::date, 'likes', count(*) from post_like l join post p on p.id = l.post_id
        where p.author_id = ${writerId} and l.user_id <> p.author_id group by 1
      union all
      select (c.created_at at time zone 'utc')::date, 'comments', count(*) from post_comment c
        join post p on p.id = c.post_id where p.author_id = ${writerId} and c.author_id <> p.author_id group by 1
      union all
      select (s.created_at at time zone 'utc')::date, 'freeSubscribers', count(*) from subscription s
        where s.writer_id = ${writerId} and s.kind = 'free' group by 1
      union all
      select (t.created_at at time zone 'utc')::date, 'paidSubscribers', count(*) from ledger_transfer t
        join "order" o on o.id = t.order_id where t.kind = 'sale' and o.item_kind = 'subscription'
        and o.item_id = ${writerId} group by 1
      union all
      select (t.created_at at time zone 'utc')::date, 'bookSales', count(*) from ledger_transfer t
        join "order" o on o.id = t.order_id where t.kind = 'sale' and o.item_kind = 'book'
        and o.seller_id = ${writerId} group by 1
      union all
      select (t.created_at at time zone 'utc')::date, 'bookRevenue', sum(o.amount) from ledger_transfer t
        join "order" o on o.id = t.order_id where t.kind = 'sale' and o.item_kind = 'book'
        and o.seller_id = ${writerId} group by 1
      union all
      select (a.submitted_at at time zone 'utc')::date, 'examAttempts', count(*) from exam_attempt a
        join exam e on e.id = a.exam_id where e.author_id = ${writerId} and a.submitted_at is not null group by 1
      union all
      select (a.submitted_at at time zone 'utc')::date, 'examPasses', count(*) from exam_attempt a
        join exam e on e.id = a.exam_id where e.author_id = ${writerId} and a.passed group by 1
    )
    select day::text as day, figure, n::int as n from days order by 1, 2`)
  const byDay: Record<string, Record<string, number>> = {}
  for (const row of rows) {
    byDay[row.day as string] ??= {}
    ;(byDay[row.day as string] as Record<string, number>)[row.figure as string] = Number(row.n)
  }
  return byDay
}

/** The rollup's rows for the writer, in the same shape, zeros left out. */
async function rolledUp(writerId: string) {
  const { rows } = await t.database.db.execute<Record<string, string | number>>(sql`
    select day::text as day, views, likes, comments, free_subscribers as "freeSubscribers",
      paid_subscribers as "paidSubscribers", book_sales as "bookSales", book_revenue as "bookRevenue",
      exam_attempts as "examAttempts", exam_passes as "examPasses"
    from writer_stat_day where writer_id = ${writerId} order by day`)
  const byDay: Record<string, Record<string, number>> = {}
  for (const { day, ...figures } of rows) {
    const nonZero = Object.entries(figures).filter(([, n]) => Number(n) !== 0)
    if (nonZero.length > 0) byDay[day as string] = Object.fromEntries(nonZero.map(([k, n]) => [k, Number(n)]))
  }
  return byDay
}

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  readers = await Promise.all([1, 2, 3].map((n) => createUser(t, { name: `Reader ${n}` })))
  posts = []
  for (const title of ['First light', 'Second wind', 'Third act']) {
    posts.push(await publishedPost(t, admin, writer, { title, bodyHtml: `<p>${title}</p>`, access: 'free' }))
  }
  bookId = (await publishedBook(t, admin, writer, ['<p>One</p>', '<p>Two</p>'], { price: 499 })).id
  const exams = examFixtures(t)
  examId = (await exams.publishedExam(writer, admin)).id

  // Through the API, today: views, likes, comments, follows, a subscription sale, a book sale and
  // exam attempts (one passed, one failed); the writer's own view, like and comment count for nothing.
  for (const [i, reader] of readers.entries()) {
    const post = posts[i % 2] as { id: string }
    await t.request({ method: 'POST', url: `/api/posts/${post.id}/views`, cookie: reader.cookie })
    await t.request({ method: 'PUT', url: `/api/posts/${post.id}/like`, cookie: reader.cookie })
    await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      cookie: reader.cookie,
      body: { body: `Comment ${i}` },
    })
    await t.request({ method: 'POST', url: `/api/writers/${writer.id}/follow`, cookie: reader.cookie })
  }
  const own = posts[0] as { id: string }
  await t.request({ method: 'POST', url: `/api/posts/${own.id}/views`, cookie: writer.cookie })
  await t.request({ method: 'PUT', url: `/api/posts/${own.id}/like`, cookie: writer.cookie })
  await t.request({
    method: 'POST',
    url: `/api/posts/${own.id}/comments`,
    cookie: writer.cookie,
    body: { body: 'Mine' },
  })
  await setPrice(t, writer, 500)
  await sell(t, writer)
  await buyBook(t, readers[0] as TestUser, bookId)
  for (const [reader, answers] of [
    [readers[0], PERFECT],
    [readers[1], {}],
  ] as const) {
    const state = await exams.start(reader as TestUser, examId)
    await exams.answerAll(reader as TestUser, state, answers)
    expect((await exams.submit(reader as TestUser, state.id)).statusCode).toBe(200)
  }

  // Spread over the past: move some of today's raw rows back 3 and 40 days.
  const db = t.database.db
  await db.execute(sql`update post_view set day = ${daysAgo(3)}::date
    where viewer_key = ${`user:${readers[1]?.id}`}`)
  await db.execute(sql`update post_like set created_at = ${noonDaysAgo(40)}::timestamptz
    where user_id = ${readers[2]?.id}`)
  await db.execute(sql`update post_comment set created_at = ${noonDaysAgo(3)}::timestamptz
    where author_id = ${readers[0]?.id}`)
  await db.execute(sql`update subscription set created_at = ${noonDaysAgo(40)}::timestamptz
    where subscriber_id = ${readers[1]?.id}`)
  await db.execute(sql`update exam_attempt set submitted_at = ${noonDaysAgo(3)}::timestamptz
    where user_id = ${readers[1]?.id}`)
  await rollUpStats(t.app.ctx)
}, 180_000)
afterAll(() => t.close())

describe('GET /api/me/overview', () => {
  it('is 401 signed out', async () => {
    const res = await t.request({ method: 'GET', url: '/api/me/overview' })
    expect(res.statusCode).toBe(401)
  })

  it.each(['14', '0', 'abc', '365.5', '-7'])('is 400 for days=%s, with a field message', async (days) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/me/overview?days=${days}`,
      cookie: writer.cookie,
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Choose 7, 30, 90 or 365 days')
  })

  it('shows each person only their own figures', async () => {
    const theirs = await overview(readers[0] as TestUser, 365)
    expect(Object.values(theirs.totals).every((n) => n === 0)).toBe(true)
    expect(theirs.top).toEqual({ posts: [], books: [], exams: [] })
  })

  it('rolls up exactly what the raw rows count, day by day', async () => {
    const direct = await directCounts(writer.id)
    expect(Object.keys(direct).length).toBeGreaterThanOrEqual(3)
    expect(await rolledUp(writer.id)).toEqual(direct)
  })

  it('sums the period and the one before it, with every day of the period in the series', async () => {
    const month = await overview(writer, 30)
    expect(month.series).toHaveLength(30)
    expect(month.series.at(-1)?.day).toBe(daysAgo(0))
    expect(month.from).toBe(daysAgo(29))
    expect(month.totals).toEqual({
      views: 3,
      likes: 2,
      comments: 3,
      freeSubscribers: 2,
      paidSubscribers: 1,
      bookSales: 1,
      bookRevenue: 499,
      examAttempts: 2,
      examPasses: 1,
    })
    // 40 days ago falls in the 30 days before this period.
    expect(month.previous).toMatchObject({ likes: 1, freeSubscribers: 1, views: 0 })
    const week = await overview(writer, 7)
    expect(week.series).toHaveLength(7)
    expect(week.totals).toEqual(month.totals)
    const today = await overview(writer, 7).then((w) => w.series.at(-1))
    expect(today).toMatchObject({ views: 2, likes: 2, comments: 2, examAttempts: 1, examPasses: 1 })
    const year = await overview(writer, 365)
    expect(year.series).toHaveLength(365)
    expect(year.totals.likes).toBe(3)
    expect(year.updatedAt).not.toBeNull()
  })

  it('lists the top posts, books and exams of the period, and drops a deleted post', async () => {
    const { top } = await overview(writer, 30)
    expect(top.posts.map((p) => [p.title, p.views, p.path])).toEqual([
      ['First light', 2, postPath(writer.id, 'first-light')],
      ['Second wind', 1, postPath(writer.id, 'second-wind')],
    ])
    expect(top.books).toEqual([{ id: bookId, title: expect.any(String), sales: 1, revenue: 499 }])
    expect(top.exams).toEqual([{ id: examId, title: 'Forces and motion', attempts: 2, passes: 1 }])
    const second = posts[1] as { id: string }
    await t.database.db.execute(sql`delete from post where id = ${second.id}`)
    expect((await overview(writer, 30)).top.posts.map((p) => p.title)).toEqual(['First light'])
  })
})

describe('rollUpStats', () => {
  it('rebuilds only the days that can still change, the same however many run at once', async () => {
    const before = await rolledUp(writer.id)
    const third = posts[2] as { id: string }
    // A like today is counted by the next run; a view stamped 10 days ago arrives too late.
    await t.request({
      method: 'PUT',
      url: `/api/posts/${third.id}/like`,
      cookie: (readers[1] as TestUser).cookie,
    })
    await t.database.db.execute(
      sql`insert into post_view (post_id, viewer_key, day) values (${third.id}, 'anon:late', ${daysAgo(10)}::date)`,
    )
    const froms = await Promise.all([rollUpStats(t.app.ctx), rollUpStats(t.app.ctx)])
    expect(froms).toEqual([daysAgo(1), daysAgo(1)])
    // Today is rebuilt (the new like; the deleted post's rows gone). Closed days keep what they
    // counted: the late view is not added, the deleted post's view 3 days ago stays.
    const { [daysAgo(10)]: late, [daysAgo(3)]: _, ...direct } = await directCounts(writer.id)
    expect(late).toEqual({ views: 1 })
    const { [daysAgo(3)]: closed, ...rebuilt } = await rolledUp(writer.id)
    expect(rebuilt).toEqual(direct)
    expect(closed).toEqual(before[daysAgo(3)])
    // A rebuild from a given day takes everything since.
    await rollUpStats(t.app.ctx, { from: daysAgo(30) })
    expect(await rolledUp(writer.id)).toEqual(await directCounts(writer.id))
  })
})
