import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { slugify } from '#common/slug.ts'
import type { AppContext } from '#server/context.ts'
import {
  book,
  bookOwnership,
  ledgerEntry,
  ledgerTransfer,
  order,
  payout,
  post,
  postComment,
  postLike,
  postView,
  profile,
  subscription,
  user,
} from '#server/db/schema/index.ts'
import { INKWELL_PROVIDER, PAYOUTS_ACCOUNT, writerAccounts } from '#server/modules/earnings/accounts.ts'
import { addMonth } from '#server/modules/payments/items.ts'
import { BUYER_ACCOUNT, FEES_ACCOUNT, feeOf } from '#server/modules/payments/ledger.ts'
import { RENEWAL_LEAD_MS, renewalRef } from '#server/modules/payments/renewal.service.ts'
import { sanitizePostHtml } from '#server/modules/posts/sanitize.ts'
import type { DemoBook } from './book-texts.ts'
import { seedExamAttempts } from './history-exams.ts'
import {
  assertNeverNegative,
  balanceAt,
  CURRENCY,
  DAY,
  earning,
  generator,
  HOUR,
  type Ledger,
  MINUTE,
  momentBetween,
  transfer,
} from './history-ledger.ts'
import { HISTORY_COMMENTS, HISTORY_POSTS } from './history-posts.ts'
import type { DemoKey } from './types.ts'

// Half a year of history for the demo writers (issue 15, Demo), so Earnings and Overview draw
// real charts on first start: readers (accounts of their own, which cannot sign in), older posts
// with their daily views, likes and comments, free follows, book sales, paid subscriptions with
// their monthly renewals, one refund, the releases after the refund window, one paid payout and
// one open request. Every row is written dated, as the app would have written it on its day (the
// ledger refuses updates), and the ledger rows have exactly the shape fulfilment, the release job
// and the payouts write. Deterministic in shape: a fixed-seed generator and hashes of stable names
// (only an exam attempt's question order is shuffled, as every attempt's is).

/** How far back the history reaches. */
export const HISTORY_DAYS = 180

type BookKey = DemoBook['key']

/** The readers' names: first × last, in a fixed order. None is a demo account's. */
const FIRST = ['Amara', 'Lukas', 'Sofia', 'Kwame', 'Yuki', 'Diego', 'Ines', 'Omar', 'Leila', 'Felix']
const LAST = ['Mensah', 'Novak', 'Silva', 'Haddad', 'Tanaka', 'Moreau']
export const HISTORY_READER_COUNT = FIRST.length * LAST.length

/** Paid subscribers per charging writer (the demo's prices), and free followers' odds. */
const PAID_SUBSCRIBERS: Partial<Record<DemoKey, number>> = { tomas: 14, mei: 11 }
const FOLLOW_ODDS: Partial<Record<DemoKey, number>> = { grace: 0.55, tomas: 0.35, mei: 0.3 }
/** Copies sold of each priced book over the history (each to a different reader). */
const BOOK_SALES: Partial<Record<BookKey, number>> = { mechanics: 46, 'salt-road': 31, cell: 24 }
/** Each sold book's author and price, as book-texts has them. */
const BOOK_PRICES: Partial<Record<BookKey, { author: DemoKey; price: number }>> = {
  mechanics: { author: 'grace', price: 999 },
  'salt-road': { author: 'tomas', price: 499 },
  cell: { author: 'mei', price: 699 },
}

/** `ctx` is the seed's: its `db` is the seed's transaction. */
export async function seedHistory(
  ctx: AppContext,
  ids: Record<DemoKey, string>,
  bookIds: Record<BookKey, string>,
  now: number,
): Promise<void> {
  const tx = ctx.db
  const money = {
    feePercent: ctx.config.payments.platformFeePercent,
    refundWindowDays: ctx.config.payments.refundWindowDays,
  }
  const random = generator(20_261_124)
  const start = now - HISTORY_DAYS * DAY
  const nowIso = new Date(now).toISOString()

  // Readers, joined over the half year (no password: they cannot sign in).
  const readers = FIRST.flatMap((first, i) =>
    LAST.map((last, j) => {
      const n = i * LAST.length + j
      const joined = start - 20 * DAY + Math.floor((n / HISTORY_READER_COUNT) * (HISTORY_DAYS + 10)) * DAY
      return {
        id: randomUUID(),
        name: `${first} ${last}`,
        email: `${first}.${last}@readers.inkwell.test`.toLowerCase(),
        emailVerified: true,
        createdAt: new Date(joined),
        updatedAt: new Date(joined),
      }
    }),
  )
  await tx.insert(user).values(readers)
  await tx.insert(profile).values(
    readers.map((r) => ({
      userId: r.id,
      intent: 'read' as const,
      interests: [],
      onboardedAt: r.createdAt,
    })),
  )
  const joinedAt = new Map(readers.map((r) => [r.id, r.createdAt.getTime()]))
  /** A fixed shuffle of the readers: `count` of them, none in `except`, all joined by `at`. */
  const pick = (count: number, at = now, except: Set<string> = new Set()) =>
    [...readers]
      .map((r) => ({ r, k: random() }))
      .sort((a, b) => a.k - b.k)
      .map(({ r }) => r.id)
      .filter((id) => (joinedAt.get(id) ?? 0) <= at && !except.has(id))
      .slice(0, count)

  // Older posts, so the readership history has posts that existed on its days.
  const archive = await tx
    .insert(post)
    .values(
      HISTORY_POSTS.map((p, i) => {
        const at = new Date(now - p.daysAgo * DAY - (2 + ((i * 5) % 9)) * HOUR)
        return {
          authorId: ids[p.author],
          category: p.category,
          subjectSlug: p.subject ?? null,
          title: p.title,
          slug: slugify(p.title),
          excerpt: p.excerpt,
          bodyHtml: sanitizePostHtml(p.body.trim()),
          tags: p.tags,
          access: 'free' as const,
          status: 'published' as const,
          createdAt: new Date(at.getTime() - 2 * DAY),
          updatedAt: at,
          publishedAt: at,
        }
      }),
    )
    .returning({ id: post.id, publishedAt: post.publishedAt })
  const writers = (['grace', 'tomas', 'mei', 'hannah', 'priya'] as const).map((k) => ids[k])
  const weight = sql.raw(
    `case p.author_id ${(['grace', 'tomas', 'mei'] as const)
      .map((k, i) => `when '${ids[k]}' then ${[1.2, 1.5, 1.0][i]}`)
      .join(' ')} else 0.5 end`,
  )

  // The counters' triggers are off while the views and likes go in, then each post's counters
  // gain what was written, in one update: each trigger's update of a post row recomputes its
  // search vector (a generated column), which made these thousands of rows cost seconds. The
  // seed's transaction holds the tables alone (an empty database, the seed's lock), and the
  // triggers are on again before anything else is written; the counters still equal the rows.
  await tx.execute(sql`alter table ${postView} disable trigger post_view_count`)
  await tx.execute(sql`alter table ${postLike} disable trigger post_like_count`)

  // Views by signed-out readers: one row per reader key per post per day, from the post's
  // publication (or the history's start) to today. Each post's first week is its busiest, the
  // writers' readership grows across the half year, weekends are quieter, days vary.
  const views = await tx.execute<{ post_id: string }>(sql`
    with days as (
      select p.id as post_id, p.slug, ${weight} as w, d::date as day,
             (d::date - (p.published_at at time zone 'UTC')::date) as age,
             (${nowIso}::timestamptz at time zone 'UTC')::date - d::date as ago
      from ${post} p,
        generate_series(
          greatest((p.published_at at time zone 'UTC')::date, (${nowIso}::timestamptz at time zone 'UTC')::date - ${HISTORY_DAYS}::int),
          (${nowIso}::timestamptz at time zone 'UTC')::date, interval '1 day') d
      where p.status = 'published' and p.author_id in ${writers}
    ), counts as (
      select post_id, slug, day,
        floor(w * (6 + 18 * exp(-age / 5.0)) * (0.45 + 0.55 * (1 - ago / ${HISTORY_DAYS}::float8))
          * (case when extract(isodow from day) >= 6 then 0.6 else 1 end)
          * (0.6 + (abs(hashtext(slug || day::text)) % 80) / 100.0))::int as n
      from days
    )
    insert into post_view (post_id, viewer_key, day)
    select post_id, 'anon:' || md5(slug || day::text || g::text), day
    from counts, generate_series(1, n) g
    on conflict do nothing
    returning post_id`)

  // Likes from the readers who had joined by then, most in the post's first weeks.
  const readerIds = readers.map((r) => r.id)
  const likes = await tx.execute<{ post_id: string }>(sql`
    insert into post_like (post_id, user_id, created_at)
    select p.id, u.id,
      least(p.published_at + ((abs(hashtext(p.slug || u.email)) % 1000) / 1000.0) ^ 2
        * least(${nowIso}::timestamptz - p.published_at, interval '60 days'),
        ${nowIso}::timestamptz - interval '1 minute')
    from ${post} p join ${user} u on u.id in ${readerIds}
    where p.status = 'published' and p.author_id in ${writers.slice(0, 3)}
      and u.created_at <= p.published_at + interval '30 days'
      and abs(hashtext(u.email || p.slug)) % 100 < 100 * ${weight} / 4
    on conflict do nothing
    returning post_id`)
  await tx.execute(sql`alter table ${postView} enable trigger post_view_count`)
  await tx.execute(sql`alter table ${postLike} enable trigger post_like_count`)
  const added = new Map<string, { views: number; likes: number }>()
  const tally = (rows: { post_id: string }[], field: 'views' | 'likes') => {
    for (const { post_id } of rows) {
      const counts = added.get(post_id) ?? { views: 0, likes: 0 }
      counts[field] += 1
      added.set(post_id, counts)
    }
  }
  tally(views.rows, 'views')
  tally(likes.rows, 'likes')
  for (const [postId, { views: v, likes: l }] of added) {
    await tx
      .update(post)
      .set({ viewCount: sql`${post.viewCount} + ${v}`, likeCount: sql`${post.likeCount} + ${l}` })
      .where(sql`${post.id} = ${postId}`)
  }

  // A few comments under each older post, from readers, in its first weeks.
  const comments: (typeof postComment.$inferInsert)[] = []
  HISTORY_POSTS.forEach((p, i) => {
    const pool = p.category === 'academic' ? HISTORY_COMMENTS.academic : HISTORY_COMMENTS.story
    const published = archive[i].publishedAt?.getTime() ?? now
    const count = 2 + ((i * 3) % 3)
    const authors = pick(count, published)
    for (let k = 0; k < count; k++) {
      const at = new Date(Math.min(now - MINUTE, published + (3 + k * 20 + ((i * 7) % 11)) * HOUR))
      comments.push({
        postId: archive[i].id,
        authorId: authors[k],
        body: pool[(i + k * 2) % pool.length],
        createdAt: at,
        updatedAt: at,
      })
    }
  })
  await tx.insert(postComment).values(comments)

  const ledger: Ledger = { transfers: [], entries: [] }
  const orders: (typeof order.$inferInsert)[] = []
  const subscriptions: (typeof subscription.$inferInsert)[] = []
  const windowDays = money.refundWindowDays
  const sale = (writerId: string, gross: number, refunded?: boolean) => ({
    gross,
    writerId,
    feePercent: money.feePercent,
    now,
    windowDays,
    refunded,
  })

  // Paid subscriptions to the writers who charge: the first month's sale, then a renewal an hour
  // before each period ends (the sandbox's renewal job) until the reader cancels; some do.
  const prices: Partial<Record<DemoKey, number>> = { tomas: 400, mei: 500 }
  const paidBy = new Map<DemoKey, Set<string>>()
  let subNo = 0
  for (const [writer, count] of Object.entries(PAID_SUBSCRIBERS) as [DemoKey, number][]) {
    const price = prices[writer] ?? 0
    const writerId = ids[writer]
    const chosen = pick(count)
    paidBy.set(writer, new Set(chosen))
    for (const [k, subscriberId] of chosen.entries()) {
      subNo += 1
      const begin = momentBetween(random, Math.max(start, joinedAt.get(subscriberId) ?? start), now - 2 * DAY)
      // About one in four leaves after a few months.
      const months = k % 4 === 3 ? 1 + Math.floor(random() * 3) : Number.POSITIVE_INFINITY
      const orderId = randomUUID()
      const subscriptionId = randomUUID()
      const ref = `history-sub-${writer}-${subNo}`
      orders.push({
        id: orderId,
        buyerId: subscriberId,
        itemKind: 'subscription',
        itemId: writerId,
        sellerId: writerId,
        amount: price,
        status: 'paid',
        provider: 'sandbox',
        providerPaymentRef: ref,
        createdAt: new Date(begin),
        updatedAt: new Date(begin),
      })
      earning(ledger, { kind: 'sale', paymentRef: ref, orderId }, begin, sale(writerId, price))
      let periodStart = new Date(begin)
      let periodEnd = addMonth(periodStart)
      let paidMonths = 1
      while (periodEnd.getTime() - RENEWAL_LEAD_MS <= now && paidMonths < months) {
        const at = periodEnd.getTime() - RENEWAL_LEAD_MS
        earning(
          ledger,
          { kind: 'renewal', paymentRef: renewalRef(subscriptionId, periodEnd), orderId },
          at,
          sale(writerId, price),
        )
        periodStart = periodEnd
        periodEnd = addMonth(periodStart)
        paidMonths += 1
      }
      const leaving = paidMonths >= months
      const ended = leaving && periodEnd.getTime() <= now
      const cancelledAt = new Date(Math.min(periodEnd.getTime() - 9 * DAY, now - HOUR))
      subscriptions.push({
        id: subscriptionId,
        subscriberId,
        writerId,
        kind: 'paid',
        price,
        orderId,
        status: ended ? 'ended' : leaving ? 'cancelled' : 'active',
        cancelAtPeriodEnd: leaving,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        createdAt: new Date(begin),
        updatedAt: ended ? periodEnd : leaving ? cancelledAt : periodStart,
      })
    }
  }

  // Free follows, more of them lately; never beside a paid subscription to the same writer.
  for (const [writer, odds] of Object.entries(FOLLOW_ODDS) as [DemoKey, number][]) {
    for (const r of readers) {
      if (paidBy.get(writer)?.has(r.id) || random() >= odds) continue
      const at = new Date(momentBetween(random, Math.max(start, r.createdAt.getTime()), now - HOUR))
      subscriptions.push({
        subscriberId: r.id,
        writerId: ids[writer],
        kind: 'free',
        createdAt: at,
        updatedAt: at,
      })
    }
  }

  // Book sales since each book came out, each copy to a different reader. One copy of Grace's
  // book is refunded three days after it was bought, inside the refund window: the sale's exact
  // reverse, never released, the copy taken back.
  const soldBooks = await tx
    .select({ id: book.id, publishedAt: book.publishedAt })
    .from(book)
    .where(inArray(book.id, Object.values(bookIds)))
  const copies: (typeof bookOwnership.$inferInsert)[] = []
  const salesByBook = new Map<string, number>()
  let refundDone = false
  for (const [key, count] of Object.entries(BOOK_SALES) as [BookKey, number][]) {
    const priced = BOOK_PRICES[key]
    const bookId = bookIds[key]
    const published = soldBooks.find((b) => b.id === bookId)?.publishedAt?.getTime()
    if (!priced || !published) continue
    const writerId = ids[priced.author]
    const moments = Array.from({ length: count }, () =>
      momentBetween(random, Math.max(published, start) + HOUR, now - HOUR),
    ).sort((a, b) => a - b)
    const bought = new Set<string>()
    moments.forEach((at, n) => {
      // Someone who had joined by then and has no copy yet.
      const [buyerId] = pick(1, at, bought)
      if (!buyerId) return
      bought.add(buyerId)
      const orderId = randomUUID()
      const ref = `history-book-${key}-${n + 1}`
      // The refund: a copy of Grace's book about six weeks back.
      const refunded = !refundDone && key === 'mechanics' && at > now - 45 * DAY && at < now - 10 * DAY
      const refundAt = at + 3 * DAY
      if (refunded) refundDone = true
      orders.push({
        id: orderId,
        buyerId,
        itemKind: 'book',
        itemId: bookId,
        sellerId: writerId,
        amount: priced.price,
        status: refunded ? 'refunded' : 'paid',
        provider: 'sandbox',
        providerPaymentRef: ref,
        createdAt: new Date(at),
        updatedAt: new Date(refunded ? refundAt : at),
      })
      earning(ledger, { kind: 'sale', paymentRef: ref, orderId }, at, sale(writerId, priced.price, refunded))
      if (refunded) {
        const fee = feeOf(priced.price, money.feePercent)
        transfer(ledger, { kind: 'refund', provider: 'sandbox', paymentRef: ref, orderId }, refundAt, [
          { account: BUYER_ACCOUNT, amount: priced.price },
          { account: FEES_ACCOUNT, amount: -fee },
          { account: writerAccounts(writerId).pending, amount: -(priced.price - fee) },
        ])
        return
      }
      copies.push({ bookId, userId: buyerId, orderId, acquiredAt: new Date(at) })
      salesByBook.set(bookId, (salesByBook.get(bookId) ?? 0) + 1)
    })
  }

  // Payouts: Grace was paid most of what was available seven weeks ago (requested, then marked
  // paid two days later); Mei's request of most of hers waits for the admin.
  const payouts: (typeof payout.$inferInsert)[] = []
  const requestPayout = (writer: DemoKey, at: number, paidAt?: number) => {
    const accounts = writerAccounts(ids[writer])
    const available = balanceAt(ledger, accounts.available, at)
    const amount = Math.floor((available * 0.8) / 100) * 100
    if (amount < 1000) throw new Error(`seedHistory: ${writer} has too little available for a payout`)
    const id = randomUUID()
    payouts.push({
      id,
      writerId: ids[writer],
      amount,
      currency: CURRENCY,
      status: paidAt ? 'paid' : 'open',
      reference: paidAt ? 'SANDBOX-TRANSFER-0017' : null,
      decidedBy: paidAt ? ids.ada : null,
      decidedAt: paidAt ? new Date(paidAt) : null,
      createdAt: new Date(at),
    })
    transfer(ledger, { kind: 'payout', provider: INKWELL_PROVIDER, paymentRef: id, payoutId: id }, at, [
      { account: accounts.available, amount: -amount },
      { account: accounts.payoutPending, amount },
    ])
    if (paidAt) {
      transfer(
        ledger,
        { kind: 'payout_paid', provider: INKWELL_PROVIDER, paymentRef: id, payoutId: id },
        paidAt,
        [
          { account: accounts.payoutPending, amount: -amount },
          { account: PAYOUTS_ACCOUNT, amount },
        ],
      )
    }
  }
  requestPayout('grace', now - 49 * DAY + 3 * HOUR, now - 47 * DAY + 5 * HOUR)
  requestPayout('mei', now - 2 * DAY + 4 * HOUR)
  assertNeverNegative(ledger, [ids.grace, ids.tomas, ids.mei])

  await tx.insert(order).values(orders)
  await tx.insert(subscription).values(subscriptions)
  await tx.insert(bookOwnership).values(copies)
  for (const [bookId, n] of salesByBook) {
    await tx
      .update(book)
      .set({ salesCount: sql`${book.salesCount} + ${n}` })
      .where(sql`${book.id} = ${bookId}`)
  }
  await tx.insert(payout).values(payouts)
  await tx.insert(ledgerTransfer).values(ledger.transfers)
  for (let i = 0; i < ledger.entries.length; i += 1000) {
    await tx.insert(ledgerEntry).values(ledger.entries.slice(i, i + 1000))
  }

  await seedExamAttempts(ctx, [ids.mei, ids.priya], readers, now, random)
}
