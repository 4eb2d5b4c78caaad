import { and, desc, eq } from 'drizzle-orm'
import type {
  AdminPayoutPage,
  AdminPayoutsQuery,
  Payout,
  PayoutPage,
  RequestPayoutInput,
} from '#common/schemas/earnings.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import {
  creditEntries,
  currencyOf,
  INKWELL_PROVIDER,
  lockWriter,
  PAYOUTS_ACCOUNT,
  writerAccounts,
} from '#server/core/ledger/accounts.ts'
import { accountBalance, writeTransfer } from '#server/core/ledger/ledger.ts'
import { notify } from '#server/core/notify.ts'
import type { Tx } from '#server/db/client.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { payout, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

// Payouts (decision 022). A request moves money from available to payout_pending in the
// transaction that records it, under the writer's lock, so parallel requests take turns and the
// balance can never go below zero. An admin then marks it paid (payout_pending → platform:payouts)
// or rejects it (payout_pending → available, paying off any debt first). Each step is one
// transition: a second decision answers 409. Every transfer is unique per (inkwell, payout, kind).

type PayoutRow = typeof payout.$inferSelect

const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  reference: row.reference,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
})

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100)

export async function requestPayout(
  ctx: AppContext,
  actor: SessionUser,
  input: RequestPayoutInput,
): Promise<Payout> {
  const currency = currencyOf()
  const accounts = writerAccounts(actor.id)
  return ctx.db.transaction(async (tx) => {
    await lockWriter(tx, actor.id)
    // Read before any insert: an open request (even one an admin is deciding right now) is a 409
    // here, never a wait on the unique index.
    const [open] = await tx
      .select({ id: payout.id })
      .from(payout)
      .where(and(eq(payout.writerId, actor.id), eq(payout.status, 'open')))
    if (open) {
      throw new AppError(
        'conflict',
        'You already have a payout request waiting: it must be paid or rejected before the next',
      )
    }
    const available = await accountBalance(tx, accounts.available, currency)
    if (input.amount > available) {
      const message = `At most ${money(available, currency)} is available to pay out`
      throw new AppError('bad_request', message, { amount: message })
    }
    const [row] = await tx
      .insert(payout)
      .values({ writerId: actor.id, amount: input.amount, currency })
      .returning()
    await writeTransfer(
      tx,
      { kind: 'payout', provider: INKWELL_PROVIDER, paymentRef: row.id, payoutId: row.id },
      currency,
      [
        { account: accounts.available, amount: -row.amount },
        { account: accounts.payoutPending, amount: row.amount },
      ],
    )
    return toPayout(row)
  })
}

export async function listMyPayouts(
  ctx: AppContext,
  actor: SessionUser,
  query: { cursor?: string; limit: number },
): Promise<PayoutPage> {
  const rows = await ctx.db
    .select()
    .from(payout)
    .where(and(eq(payout.writerId, actor.id), afterCursor(query.cursor, payout.createdAt, payout.id)))
    .orderBy(desc(payout.createdAt), desc(payout.id))
    .limit(query.limit + 1)
  return toPage(rows, query.limit, toPayout)
}

/** One of the writer's own requests; another writer's is not found. */
export async function getMyPayout(ctx: AppContext, actor: SessionUser, id: string): Promise<Payout> {
  const [row] = await ctx.db
    .select()
    .from(payout)
    .where(and(eq(payout.id, id), eq(payout.writerId, actor.id)))
  if (!row) throw new AppError('not_found', 'That payout request does not exist')
  return toPayout(row)
}

export async function listPayouts(ctx: AppContext, query: AdminPayoutsQuery): Promise<AdminPayoutPage> {
  const rows = await ctx.db
    .select({ payout, writerName: user.name, writerEmail: user.email })
    .from(payout)
    .innerJoin(user, eq(user.id, payout.writerId))
    .where(
      and(
        query.status ? eq(payout.status, query.status) : undefined,
        afterCursor(query.cursor, payout.createdAt, payout.id),
      ),
    )
    .orderBy(desc(payout.createdAt), desc(payout.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((r) => ({ ...r, id: r.payout.id, createdAt: r.payout.createdAt })),
    query.limit,
    (r) => ({
      ...toPayout(r.payout),
      writer: { id: r.payout.writerId, name: r.writerName, email: r.writerEmail },
    }),
  )
}

type Decision = { status: 'paid'; reference: string } | { status: 'rejected'; reason: string }

/**
 * An admin's decision on an open request. The writer's lock first, then the row's (the order a
 * request takes too), so a decision and a new request never wait on each other in a cycle.
 */
export async function decidePayout(
  ctx: AppContext,
  admin: SessionUser,
  id: string,
  decision: Decision,
): Promise<Payout> {
  const [found] = await ctx.db.select({ writerId: payout.writerId }).from(payout).where(eq(payout.id, id))
  if (!found) throw new AppError('not_found', 'That payout request does not exist')
  return ctx.db.transaction(async (tx) => {
    await lockWriter(tx, found.writerId)
    const [current] = await tx.select().from(payout).where(eq(payout.id, id)).for('update')
    if (current.status !== 'open') {
      throw new AppError('conflict', `This payout request was already ${current.status}`)
    }
    const [row] = await tx
      .update(payout)
      .set({
        status: decision.status,
        reference: decision.status === 'paid' ? decision.reference : null,
        reason: decision.status === 'rejected' ? decision.reason : null,
        decidedBy: admin.id,
        decidedAt: ctx.clock.now(),
      })
      .where(eq(payout.id, id))
      .returning()
    await (decision.status === 'paid' ? markPaid(tx, row) : returnMoney(tx, row))
    return toPayout(row)
  })
}

async function markPaid(tx: Tx, row: PayoutRow) {
  const accounts = writerAccounts(row.writerId)
  await writeTransfer(
    tx,
    { kind: 'payout_paid', provider: INKWELL_PROVIDER, paymentRef: row.id, payoutId: row.id },
    row.currency,
    [
      { account: accounts.payoutPending, amount: -row.amount },
      { account: PAYOUTS_ACCOUNT, amount: row.amount },
    ],
  )
  await notify(
    tx,
    row.writerId,
    'payout_paid',
    `Your payout of ${money(row.amount, row.currency)} was paid (reference ${row.reference})`,
    '/earnings',
  )
}

async function returnMoney(tx: Tx, row: PayoutRow) {
  const accounts = writerAccounts(row.writerId)
  await writeTransfer(
    tx,
    { kind: 'payout_rejected', provider: INKWELL_PROVIDER, paymentRef: row.id, payoutId: row.id },
    row.currency,
    [
      { account: accounts.payoutPending, amount: -row.amount },
      ...(await creditEntries(tx, accounts, row.currency, row.amount)),
    ],
  )
  await notify(
    tx,
    row.writerId,
    'payout_rejected',
    `Your payout request of ${money(row.amount, row.currency)} was rejected: ${row.reason}. The money is available again.`,
    '/earnings',
  )
}
