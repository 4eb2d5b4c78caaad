import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import { INKWELL_PROVIDER, PAYOUTS_ACCOUNT, writerAccounts } from '#server/core/ledger/accounts.ts'
import { BUYER_ACCOUNT, FEES_ACCOUNT, feeOf } from '#server/core/ledger/ledger.ts'
import {
  book,
  bookOwnership,
  ledgerEntry,
  ledgerTransfer,
  order,
  payout,
  profile,
  subscription,
  user,
} from '#server/db/schema/index.ts'
import { addMonth, RENEWAL_LEAD_MS, renewalRef } from '#server/modules/payments/index.ts'
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
  momentBetween,
  transfer,
} from './history-ledger.ts'
import { HISTORY_DAYS, seedReadership } from './history-readership.ts'
import type { DemoKey } from './types.ts'

// Half a year of history for the demo writers, so Earnings and Overview draw
// real charts on first start: readers (accounts of their own, which cannot sign in), older posts
// with their daily views, likes and comments, free follows, book sales, paid subscriptions with
// their monthly renewals, one refund, the releases after the refund window, one paid payout and
// one open request. Every row is written dated, as the app would have written it on its day (the
// ledger refuses updates), and the ledger rows have exactly the shape fulfilment, the release job
// and the payouts write. Deterministic in shape: a fixed-seed generator and hashes of stable names
// (only an exam attempt's question order is shuffled, as every attempt's is).

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

  await seedReadership(tx, { ids, now, readers, pick })

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
    const chosen = pick(count).sort((a, b) => (joinedAt.get(a) ?? start) - (joinedAt.get(b) ?? start))
    paidBy.set(writer, new Set(chosen))
    for (const [k, subscriberId] of chosen.entries()) {
      subNo += 1
      const joined = Math.max(start, joinedAt.get(subscriberId) ?? start)
      // Each writer's first subscriber (the earliest to join) has been paying since soon after
      // joining, so the history shows renewals month after month whatever today's date is.
      const begin = momentBetween(
        random,
        joined,
        k === 0 ? Math.min(joined + 14 * DAY, now - 2 * DAY) : now - 2 * DAY,
      )
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
