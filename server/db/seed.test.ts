import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releaseEarnings } from '#server/core/ledger/release.ts'
import {
  book,
  bookChapter,
  bookOwnership,
  forumReply,
  forumStats,
  forumThread,
  forumThreadReader,
  notification,
  post,
  postComment,
  postLike,
  postView,
  readingPosition,
  user,
} from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { changedTables, fingerprintTables } from '#server/test/db-fingerprint.ts'
import { signIn } from '#server/test/factories.ts'
import { DEMO_THREADS } from './seed/forum-threads.ts'
import { DEMO_PASSWORD, seedDemo } from './seed.ts'

let t: TestApp
let message: string | null
beforeAll(async () => {
  t = await buildTestApp()
  message = await seedDemo(t.app.ctx)
}, 120_000)
afterAll(() => t.close())

const published = eq(post.status, 'published')

describe('seedDemo', () => {
  it('creates the demo accounts, each able to sign in, and says how', async () => {
    for (const email of [
      'admin@inkwell.test',
      'grace@inkwell.test',
      'tomas@inkwell.test',
      'mei@inkwell.test',
    ]) {
      expect(message).toContain(email)
      expect((await signIn(t, email, DEMO_PASSWORD)).statusCode).toBe(200)
    }
    // The journeys' accounts start with their welcome alone; the exams' authors (Mei, Priya) also
    // heard about the demo attempts.
    const bells = await t.database.db
      .select({ email: user.email, kind: notification.kind, n: count() })
      .from(notification)
      .innerJoin(user, eq(user.id, notification.writerId))
      .groupBy(user.email, notification.kind)
    const of = (email: string) => bells.filter((b) => b.email === email).map(({ kind, n }) => ({ kind, n }))
    for (const email of ['admin@inkwell.test', 'grace@inkwell.test', 'tomas@inkwell.test']) {
      expect(of(email)).toEqual([{ kind: 'welcome', n: 1 }])
    }
    expect(of('priya@inkwell.test')).toContainEqual({ kind: 'exam_finished', n: expect.any(Number) })
  })

  it('publishes posts in every category and several subjects, with a few featured', async () => {
    const db = t.database.db
    const byCategory = await db
      .select({ category: post.category, n: count() })
      .from(post)
      .where(published)
      .groupBy(post.category)
    expect(Object.fromEntries(byCategory.map((r) => [r.category, r.n]))).toEqual({
      academic: expect.any(Number),
      fiction: expect.any(Number),
      'true-story': expect.any(Number),
    })
    expect(byCategory.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(20)
    const subjects = await db
      .selectDistinct({ slug: post.subjectSlug })
      .from(post)
      .where(and(published, eq(post.category, 'academic')))
    expect(subjects.length).toBeGreaterThanOrEqual(5)
    const featured = await db
      .select({ n: count() })
      .from(post)
      .where(and(published, isNotNull(post.featuredAt)))
    expect(featured[0].n).toBeGreaterThanOrEqual(3)
    const waiting = await db
      .select({ status: post.status })
      .from(post)
      .where(sql`${post.status} <> 'published'`)
    expect(waiting.map((r) => r.status).sort()).toEqual(['draft', 'pending'])
    const locked = await db.select({ n: count() }).from(post).where(eq(post.access, 'subscribers'))
    expect(locked[0].n).toBeGreaterThanOrEqual(1)
  })

  it('has writers who charge and readers who pay or follow, with each sale in the ledger', async () => {
    const writer = async (email: string, cookie?: string) => {
      const [found] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email))
      const res = await t.request({ method: 'GET', url: `/api/writers/${found.id}`, cookie })
      return res.json() as { monthlyPrice: number; viewerSubscription: { kind: string } | null }
    }
    const hannah = await signIn(t, 'hannah@inkwell.test', DEMO_PASSWORD)
    const cookie = hannah.headers['set-cookie'] as string
    expect(await writer('tomas@inkwell.test', cookie)).toMatchObject({
      monthlyPrice: 400,
      viewerSubscription: { kind: 'paid', status: 'active' },
    })
    expect(await writer('grace@inkwell.test', cookie)).toMatchObject({
      monthlyPrice: 0,
      viewerSubscription: { kind: 'free', status: 'active' },
    })
    // The journeys' writer is free, and the journeys' reader pays nobody.
    expect((await writer('grace@inkwell.test')).monthlyPrice).toBe(0)
    // The base seed's own sales (the months of history before them have their own test).
    const sales = await t.database.db.execute(sql`
      select e.account, sum(e.amount)::int as amount from ledger_entry e
      join ledger_transfer t on t.id = e.transfer_id where t.payment_ref like 'demo-%'
      group by e.account order by e.account`)
    const byAccount = Object.fromEntries(sales.rows.map((r) => [String(r.account), r.amount]))
    // Subscriptions of $4.00 and $5.00, and books: $9.99 twice, $4.99 and $6.99; 15% of each sale
    // (rounded down) to the platform, the rest to the writers.
    const fee = (gross: number) => Math.floor(gross * 0.15)
    const grosses = [400, 500, 999, 999, 499, 699]
    expect(byAccount).toMatchObject({
      'buyer:external': -grosses.reduce((a, b) => a + b, 0),
      'platform:fees': grosses.map(fee).reduce((a, b) => a + b, 0),
    })
    expect(sales.rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(0)
  })

  it('opens the Books Store: published books with chapters, owned, with places to continue from', async () => {
    const db = t.database.db
    const catalogue = await t.request({ method: 'GET', url: '/api/books?sort=bestselling' })
    expect(catalogue.statusCode).toBe(200)
    const books = catalogue.json().items as {
      id: string
      title: string
      price: number
      category: string
      subjectSlug: string | null
      chapterCount: number
      author: { name: string }
    }[]
    expect(books.map((b) => [b.title, b.author.name, b.price, b.subjectSlug])).toEqual([
      ['Mechanics Without Tears', 'Grace Okafor', 999, 'physics'],
      expect.anything(),
      expect.anything(),
      expect.anything(),
    ])
    expect(books.map((b) => b.title).sort()).toEqual(
      ['Mechanics Without Tears', 'The Cell, Explained', 'The Salt Road', 'Thinking in Recursion'].sort(),
    )
    expect(books.filter((b) => b.price === 0)).toHaveLength(1)
    for (const b of books) expect(b.chapterCount).toBeGreaterThanOrEqual(3)
    // Owners rated them: the cards carry each book's average and count.
    const rated = Object.fromEntries(
      (books as unknown as { title: string; rating: { average: number; count: number } }[]).map((b) => [
        b.title,
        b.rating,
      ]),
    )
    expect(rated).toEqual({
      'Mechanics Without Tears': { average: 4.5, count: 2 },
      'The Salt Road': { average: 5, count: 1 },
      'The Cell, Explained': { average: 0, count: 0 },
      'Thinking in Recursion': { average: 4.5, count: 2 },
    })
    const mechanics = books.find((b) => b.title === 'Mechanics Without Tears')
    const reviews = await t.request({ method: 'GET', url: `/api/books/${mechanics?.id}/reviews` })
    expect(reviews.json().items.map((r: { stars: number }) => r.stars)).toEqual([4, 5])
    const bodies = await db.select().from(bookChapter)
    for (const c of bodies) {
      expect(c.bodyHtml).toContain('<p>')
      expect(c.wordCount).toBeGreaterThan(150)
    }
    // Each book's totals match its chapters, and each sales count its paid copies.
    const mismatched = await db.execute(sql`
      select b.id from ${book} b
      where b.chapter_count <> (select count(*) from ${bookChapter} c where c.book_id = b.id)
         or b.word_count <> (select coalesce(sum(word_count), 0) from ${bookChapter} c where c.book_id = b.id)
         or b.sales_count <> (select count(*) from ${bookOwnership} o where o.book_id = b.id and o.order_id is not null)`)
    expect(mismatched.rows).toEqual([])
    // Every paid copy stands on a paid order of that book, to its author, with its sale in the
    // ledger dated when it was bought.
    const copies = await db.execute(sql`
      select o.status, o.item_kind, o.seller_id = b.author_id as to_author, o.amount = b.price as priced,
             (select count(*)::int from ledger_transfer lt where lt.order_id = o.id and lt.kind = 'sale'
                and lt.created_at = o.created_at
                and not exists (select 1 from ledger_entry le where le.transfer_id = lt.id and le.created_at <> o.created_at)
             ) as sales
      from ${bookOwnership} bo join ${book} b on b.id = bo.book_id join "order" o on o.id = bo.order_id`)
    // The four copies the journeys' readers own, and the history's (seed/history.test.ts).
    expect(copies.rows.length).toBeGreaterThan(4)
    for (const r of copies.rows)
      expect(r).toEqual({ status: 'paid', item_kind: 'book', to_author: true, priced: true, sales: 1 })

    // Hannah's library: three books, the one she read last first, each with its place.
    const hannah = await signIn(t, 'hannah@inkwell.test', DEMO_PASSWORD)
    const library = await t.request({
      method: 'GET',
      url: '/api/me/library',
      cookie: hannah.headers['set-cookie'] as string,
    })
    const items = library.json().items as {
      book: { title: string }
      position: { chapterId: string } | null
    }[]
    expect(items.map((i) => i.book.title).sort()).toEqual(
      ['The Cell, Explained', 'The Salt Road', 'Thinking in Recursion'].sort(),
    )
    expect(items.every((i) => i.position?.chapterId)).toBe(true)
    // Every place points at a chapter of its book that its reader may read (they own it).
    const stray = await db.execute(sql`
      select p.user_id from ${readingPosition} p
      left join ${bookChapter} c on c.id = p.chapter_id and c.book_id = p.book_id
      left join ${bookOwnership} o on o.book_id = p.book_id and o.user_id = p.user_id
      where c.id is null or o.user_id is null`)
    expect(stray.rows).toEqual([])
    // The journeys' writer and reader own nothing yet.
    for (const email of ['grace@inkwell.test', 'tomas@inkwell.test']) {
      const [who] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
      expect(await db.select().from(bookOwnership).where(eq(bookOwnership.userId, who.id))).toEqual([])
    }
  })

  it('fills the public feeds: every category, the featured shelf and popular this week', async () => {
    const feed = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/posts?${query}` })
      expect(res.statusCode).toBe(200)
      return res.json().items as { featured: boolean }[]
    }
    for (const category of ['academic', 'fiction', 'true-story']) {
      expect((await feed(`category=${category}`)).length).toBeGreaterThanOrEqual(4)
    }
    const featured = await feed('sort=featured')
    expect(featured.length).toBeGreaterThanOrEqual(3)
    expect(featured.every((card) => card.featured)).toBe(true)
    const popular = await t.request({ method: 'GET', url: '/api/posts/popular' })
    expect(popular.json()).toHaveLength(6)
  })

  it('keeps every post’s counters equal to its likes, comments and views, some of them this week', async () => {
    const mismatched = await t.database.db.execute(sql`
      select p.id from ${post} p
      where p.like_count <> (select count(*) from ${postLike} l where l.post_id = p.id)
         or p.comment_count <> (select count(*) from ${postComment} c where c.post_id = p.id)
         or p.view_count <> (select count(*) from ${postView} v where v.post_id = p.id)`)
    expect(mismatched.rows).toEqual([])
    const [totals] = await t.database.db
      .select({
        likes: sql<number>`sum(${post.likeCount})::int`,
        views: sql<number>`sum(${post.viewCount})::int`,
      })
      .from(post)
    expect(totals.likes).toBeGreaterThan(50)
    expect(totals.views).toBeGreaterThan(500)
    const [recent] = await t.database.db
      .select({ n: sql<number>`count(distinct ${postView.postId})::int` })
      .from(postView)
      .where(sql`${postView.day} >= current_date - 6`)
    expect(recent.n).toBeGreaterThanOrEqual(10)
  })

  it('serves a seeded post to a signed-out reader with its sanitized body and counts', async () => {
    const [row] = await t.database.db
      .select()
      .from(post)
      .where(and(published, eq(post.access, 'free'), isNotNull(post.featuredAt)))
      .limit(1)
    const res = await t.request({ method: 'GET', url: `/api/posts/by/${row.authorId}/${row.slug}` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ title: row.title, likes: row.likeCount, comments: row.commentCount })
    expect(body.bodyHtml).toContain('<h2>')
    expect(body.bodyHtml).not.toMatch(/<script|on\w+=/)
  })

  it('opens the Exams Room with published exams in several subjects, taken and ranked', async () => {
    const res = await t.request({ method: 'GET', url: '/api/exams' })
    expect(res.statusCode).toBe(200)
    const exams = res.json().items as { id: string; subjectSlug: string; attempts: number }[]
    expect(new Set(exams.map((e) => e.subjectSlug)).size).toBeGreaterThanOrEqual(3)
    for (const e of exams) {
      expect(e.attempts).toBeGreaterThan(0)
      const board = await t.request({ method: 'GET', url: `/api/exams/${e.id}/leaderboard` })
      expect(board.json().rows.length).toBeGreaterThan(1)
    }
  })

  it('opens forums in several subjects: threads with replies, one pinned, one locked, one answered', async () => {
    const db = t.database.db
    const threads = await db.select().from(forumThread)
    expect(threads).toHaveLength(DEMO_THREADS.length)
    const subjects = new Set(threads.map((th) => th.subjectSlug))
    for (const slug of ['mathematics', 'physics', 'computer-science', 'literature', 'history', 'fiction']) {
      expect(subjects).toContain(slug)
    }
    const [admin] = await db.select().from(user).where(eq(user.email, 'admin@inkwell.test'))
    const pinned = threads.filter((th) => th.pinnedAt)
    expect(pinned).toEqual([
      expect.objectContaining({ authorId: admin.id, title: expect.stringMatching(/Welcome/) }),
    ])
    expect(threads.filter((th) => th.lockedAt)).toHaveLength(1)
    const answered = threads.filter((th) => th.acceptedReplyId)
    expect(answered).toHaveLength(1)
    const [accepted] = await db
      .select()
      .from(forumReply)
      .where(eq(forumReply.id, answered[0].acceptedReplyId!))
    expect(accepted).toMatchObject({ threadId: answered[0].id, deletedAt: null })
    // Activity spread over the last weeks, nothing in the future.
    const opened = threads.map((th) => th.createdAt.getTime())
    expect(Math.max(...opened) - Math.min(...opened)).toBeGreaterThan(14 * 24 * 3_600_000)
    expect(Math.max(...threads.map((th) => th.lastActivityAt.getTime()))).toBeLessThanOrEqual(Date.now())

    // Each thread's counters match its rows: reply_seq is the last position, reply_count the
    // replies not deleted, the last activity its last reply; and each forum's counts match.
    const mismatched = await db.execute(sql`
      select th.id from ${forumThread} th
      where th.reply_seq <> (select coalesce(max(position), 0) from ${forumReply} r where r.thread_id = th.id)
         or th.reply_count <> (select count(*) from ${forumReply} r where r.thread_id = th.id and r.deleted_at is null)
         or th.last_activity_at <> coalesce((select max(created_at) from ${forumReply} r where r.thread_id = th.id), th.created_at)`)
    expect(mismatched.rows).toEqual([])
    const stats = await db.select().from(forumStats)
    const expected = await db
      .select({
        subjectSlug: forumThread.subjectSlug,
        threadCount: count(),
        replyCount: sql<number>`sum(${forumThread.replyCount})::int`,
      })
      .from(forumThread)
      .groupBy(forumThread.subjectSlug)
    expect(
      stats.filter((s) => s.threadCount > 0).sort((a, b) => a.subjectSlug.localeCompare(b.subjectSlug)),
    ).toEqual(expected.sort((a, b) => a.subjectSlug.localeCompare(b.subjectSlug)))
    const [deleted] = await db.select({ n: count() }).from(forumReply).where(isNotNull(forumReply.deletedAt))
    expect(deleted.n).toBeGreaterThanOrEqual(1)
  })

  it('has watchers on every thread and some threads unread for some demo accounts', async () => {
    const db = t.database.db
    const rows = await db
      .select({
        threadId: forumThreadReader.threadId,
        seen: forumThreadReader.lastSeenSeq,
        seq: forumThread.replySeq,
        watching: forumThreadReader.watching,
      })
      .from(forumThreadReader)
      .innerJoin(forumThread, eq(forumThread.id, forumThreadReader.threadId))
    expect(new Set(rows.filter((r) => r.watching).map((r) => r.threadId)).size).toBe(DEMO_THREADS.length)
    expect(rows.filter((r) => r.seen < r.seq).length).toBeGreaterThanOrEqual(5)
    expect(rows.filter((r) => r.seen === r.seq).length).toBeGreaterThanOrEqual(5)
  })

  it('finds the demo threads and replies in search', async () => {
    const res = await t.request({ method: 'GET', url: '/api/search/threads?q=recursion' })
    expect(res.statusCode).toBe(200)
    expect(res.json().items[0]).toMatchObject({
      threadTitle: 'Recursion makes my head spin. How do you think about it?',
      subject: { slug: 'computer-science', name: 'Computer Science' },
      replyId: null,
    })
  })

  it('does nothing on a database that already has people', async () => {
    const before = await fingerprintTables(t.database.db)
    expect(await seedDemo(t.app.ctx)).toBeNull()
    expect(changedTables(before, await fingerprintTables(t.database.db))).toEqual([])
  })
})

describe('seedDemo interrupted', () => {
  let fresh: TestApp
  beforeAll(async () => {
    fresh = await buildTestApp()
  })
  afterAll(() => fresh.close())

  // A process killed during its first start must not leave half a demo that
  // later starts take for a seeded database.
  it('leaves nothing when it stops midway, and the next start seeds everything once', async () => {
    const db = fresh.database.db
    const empty = await fingerprintTables(db)
    const killed = new Error('killed during the last step')
    const seed = seedDemo(fresh.app.ctx, {
      afterStep: (step) => {
        if (step === 'history') throw killed
      },
    })
    await expect(seed).rejects.toBe(killed)
    expect(changedTables(empty, await fingerprintTables(db))).toEqual([])

    // The restart; two processes starting together seed it once.
    const messages = await Promise.all([seedDemo(fresh.app.ctx), seedDemo(fresh.app.ctx)])
    expect(messages.filter((m) => m !== null)).toEqual([message])
    // The same demo as a seed that ran in one go (the sign-ins above added sessions there).
    // Practice cards are one per reader and question missed: which questions a shuffled attempt
    // (or a drawn one) misses is chance, so their number differs from seed to seed.
    const rows = async (d: typeof db) =>
      Object.fromEntries(
        Object.entries(await fingerprintTables(d))
          .filter(([name]) => name !== 'session' && name !== 'practice_card')
          .map(([name, f]) => [name, f.rows]),
      )
    const seeded = await rows(db)
    expect(seeded).toEqual(await rows(t.database.db))
    expect(seeded).toMatchObject({
      post: expect.any(Number),
      exam: 3,
      forum_thread: DEMO_THREADS.length,
      book: 4,
      reading_position: 5,
    })
    expect(seeded.post).toBeGreaterThan(20)
    // The demo's attempts left practice cards, so /practice has something on first start.
    expect((await fingerprintTables(db)).practice_card.rows).toBeGreaterThan(0)

    // Book sales are dated when they were bought: the one past the refund window (Mei's copy of
    // Grace's book, 20 days ago) is released on the first housekeeping run, the others wait (the
    // history's older sales were released by the seed itself).
    expect(await releaseEarnings(fresh.app.ctx)).toBe(1)
    const released = await db.execute(sql`
      select o.provider_payment_ref as ref from ledger_transfer lt join "order" o on o.id = lt.order_id
      where lt.kind = 'release' and o.provider_payment_ref like 'demo-%'`)
    expect(released.rows).toEqual([{ ref: 'demo-book-mei-mechanics' }])
  }, 180_000)
})
