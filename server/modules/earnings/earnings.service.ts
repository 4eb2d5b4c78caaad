import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { PAYOUT_MINIMUM_MINOR } from '#common/constants.ts'
import type {
  EarningLine,
  EarningLineKind,
  EarningsHistoryPage,
  EarningsHistoryQuery,
  EarningsSummary,
  MonthlyEarnings,
} from '#common/schemas/earnings.ts'
import type { OrderItemKind } from '#common/schemas/payments.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { currencyOf, writerAccounts, writerBalances } from '#server/core/ledger/accounts.ts'
import { BUYER_ACCOUNT, FEES_ACCOUNT } from '#server/core/ledger/ledger.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { earningMonth, ledgerEntry, order } from '#server/db/schema/index.ts'
import { ITEM_KINDS } from '#server/modules/payments/index.ts'

// A writer's earnings, read from the ledger (decision 022): balances are sums of entries, the
// history is one line per transfer touching the writer's accounts. Sales money (what buyers paid,
// the platform's fees, the writer's net), lifetime and by month, is read from the earning_month
// rollup the database keeps beside the ledger (decision 035).

export async function earningsSummary(ctx: AppContext, actor: SessionUser): Promise<EarningsSummary> {
  const currency = currencyOf()
  const accounts = writerAccounts(actor.id)
  const [balances, [life], paid] = await Promise.all([
    writerBalances(ctx.db, actor.id, currency),
    ctx.db
      .select({
        gross: sql<string>`coalesce(sum(${earningMonth.gross}), 0)`,
        fees: sql<string>`coalesce(sum(${earningMonth.fees}), 0)`,
        net: sql<string>`coalesce(sum(${earningMonth.net}), 0)`,
      })
      .from(earningMonth)
      .where(and(eq(earningMonth.account, accounts.pending), eq(earningMonth.currency, currency))),
    ctx.db.execute<{ total: string }>(sql`
      select coalesce(-sum(e.amount), 0)::text as total
      from ledger_entry e join ledger_transfer t on t.id = e.transfer_id and t.kind = 'payout_paid'
      where e.account = ${accounts.payoutPending} and e.currency = ${currency}`),
  ])
  return {
    currency,
    pending: balances.pending,
    available: balances.available,
    payoutPending: balances.payoutPending,
    paidOut: Number(paid.rows[0].total),
    owed: -balances.owed,
    lifetime: { gross: Number(life.gross), fees: Number(life.fees), net: Number(life.net) },
    refundWindowDays: ctx.config.payments.refundWindowDays,
    payoutMinimum: PAYOUT_MINIMUM_MINOR,
  }
}

/** [start, end) of a "YYYY-MM" month, UTC. */
export function monthRange(month: string): [Date, Date] {
  const [year, m] = month.split('-').map(Number)
  return [new Date(Date.UTC(year, m - 1, 1)), new Date(Date.UTC(year, m, 1))]
}

interface LineRow {
  [key: string]: unknown
  id: string
  created_at: string | Date
  kind: EarningLineKind
  order_id: string | null
  payout_id: string | null
  currency: string
  gross: string
  fee: string
  pending: string
  available: string
  payout_pending: string
  owed: string
}

/**
 * One page of the writer's lines, newest first. Each account's lines are one backward range scan
 * of ledger_entry_account_created_idx, limited to the page: the union of four such scans holds
 * the page's transfers whatever the history's length (a release touches two accounts: deduplicated).
 */
export async function earningsHistory(
  ctx: AppContext,
  actor: SessionUser,
  query: EarningsHistoryQuery,
): Promise<EarningsHistoryPage> {
  const accounts = writerAccounts(actor.id)
  const take = query.limit + 1
  const conditions: SQL[] = []
  const after = afterCursor(query.cursor, ledgerEntry.createdAt, ledgerEntry.transferId)
  if (after) conditions.push(after)
  if (query.month) {
    const [start, end] = monthRange(query.month)
    conditions.push(
      sql`${ledgerEntry.createdAt} >= ${start.toISOString()}::timestamptz and ${ledgerEntry.createdAt} < ${end.toISOString()}::timestamptz`,
    )
  }
  if (query.kind) {
    conditions.push(
      sql`exists (select 1 from ledger_transfer k where k.id = ${ledgerEntry.transferId} and k.kind = ${query.kind})`,
    )
  }
  const extra = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``
  const scans = Object.values(accounts).map(
    (account) => sql`(select ${ledgerEntry.transferId} as transfer_id, ${ledgerEntry.createdAt} as created_at
      from ${ledgerEntry} where ${ledgerEntry.account} = ${account}${extra}
      order by ${ledgerEntry.createdAt} desc, ${ledgerEntry.transferId} desc limit ${take})`,
  )
  const { rows } = await ctx.db.execute<LineRow>(sql`
    with page as (
      select transfer_id, created_at from (${sql.join(scans, sql` union all `)}) s
      group by transfer_id, created_at
      order by created_at desc, transfer_id desc
      limit ${take}
    )
    select p.transfer_id as id, p.created_at, t.kind, t.order_id, t.payout_id, min(x.currency) as currency,
      sum(case when x.account = ${BUYER_ACCOUNT} then -x.amount else 0 end)::text as gross,
      sum(case when x.account = ${FEES_ACCOUNT} then x.amount else 0 end)::text as fee,
      sum(case when x.account = ${accounts.pending} then x.amount else 0 end)::text as pending,
      sum(case when x.account = ${accounts.available} then x.amount else 0 end)::text as available,
      sum(case when x.account = ${accounts.payoutPending} then x.amount else 0 end)::text as payout_pending,
      sum(case when x.account = ${accounts.owed} then x.amount else 0 end)::text as owed
    from page p
    join ledger_transfer t on t.id = p.transfer_id
    join ledger_entry x on x.transfer_id = p.transfer_id
    group by p.transfer_id, p.created_at, t.kind, t.order_id, t.payout_id
    order by p.created_at desc, p.transfer_id desc`)
  const items = await toLines(
    ctx,
    rows.map((row) => ({ ...row, createdAt: new Date(row.created_at) })),
  )
  return toPage(
    items,
    query.limit,
    ({ line }) => line,
    ({ createdAt }) => createdAt,
  )
}

type Row = LineRow & { createdAt: Date }

/** The lines' words: what was sold (its title, never its buyer) and what happened. */
async function toLines(ctx: AppContext, rows: Row[]) {
  const orderIds = [...new Set(rows.flatMap((r) => (r.order_id ? [r.order_id] : [])))]
  const orders = orderIds.length
    ? await ctx.db
        .select({ id: order.id, itemKind: order.itemKind, itemId: order.itemId })
        .from(order)
        .where(inArray(order.id, orderIds))
    : []
  const titles = new Map<string, { kind: OrderItemKind; title: string }>()
  for (const kind of Object.keys(ITEM_KINDS) as OrderItemKind[]) {
    const ofKind = orders.filter((o) => o.itemKind === kind)
    if (ofKind.length === 0) continue
    const described = await ITEM_KINDS[kind].describe(
      ctx.db,
      ofKind.map((o) => o.itemId),
    )
    for (const o of ofKind) {
      titles.set(o.id, { kind, title: described.get(o.itemId)?.title ?? 'An item no longer listed' })
    }
  }
  return rows.map((row) => {
    const item = row.order_id ? (titles.get(row.order_id) ?? null) : null
    const gross = Number(row.gross)
    const fee = Number(row.fee)
    const pending = Number(row.pending)
    const line: EarningLine = {
      id: row.id,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      description: describe(row.kind, item),
      item,
      payoutId: row.payout_id,
      currency: row.currency,
      gross,
      fee,
      net: row.kind === 'sale' || row.kind === 'renewal' || row.kind === 'refund' ? pending : 0,
      pending,
      available: Number(row.available),
      payoutPending: Number(row.payout_pending),
      owed: Number(row.owed),
    }
    return { id: row.id, createdAt: row.createdAt, line }
  })
}

function describe(kind: EarningLineKind, item: { kind: OrderItemKind; title: string } | null): string {
  const what = item?.kind === 'book' ? `“${item.title}”` : 'a subscription'
  switch (kind) {
    case 'sale':
      return item?.kind === 'book' ? `Book sale: “${item.title}”` : 'New paid subscription'
    case 'renewal':
      return 'Subscription renewal'
    case 'refund':
      return `Refund of ${what}`
    case 'release':
      return `Available after the refund window: ${what}`
    case 'reclaim':
      return `Taken back after a late refund of ${what}`
    case 'payout':
      return 'Payout requested'
    case 'payout_paid':
      return 'Payout paid'
    case 'payout_rejected':
      return 'Payout rejected: the money is available again'
  }
}

/** Every line of a month (or all of them), oldest first: the CSV's rows. */
export async function allLines(ctx: AppContext, actor: SessionUser, month?: string): Promise<EarningLine[]> {
  const lines: EarningLine[] = []
  let cursor: string | undefined
  do {
    const page = await earningsHistory(ctx, actor, { month, cursor, limit: 500 })
    lines.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return lines.reverse()
}

/** Gross, fees and net of each of the last `months` months (this one last), zeros where none. */
export async function monthlyEarnings(
  ctx: AppContext,
  actor: SessionUser,
  months: number,
): Promise<MonthlyEarnings> {
  const sums = await monthlySales(ctx, { account: writerAccounts(actor.id).pending, months })
  return {
    currency: currencyOf(),
    months: sums.map(({ month, gross, fees, net }) => ({ month, gross, fees, net })),
  }
}

/** One month of sales money: sales and renewals counted, and gross, fees and net after refunds. */
export interface MonthOfSales {
  month: string
  sales: number
  gross: number
  fees: number
  net: number
  /** What buyers got back (already taken out of gross, fees and net). */
  refunds: number
}

/**
 * Sales, renewals and refunds by month over the last `months` months (this one last, empty months
 * as zeros), of one writer (`account`, their pending account) or of every writer: read from the
 * earning_month rollup (decision 035), a row per writer and month however long the ledger is.
 */
export async function monthlySales(
  ctx: AppContext,
  { account, months }: { account?: string; months: number },
): Promise<MonthOfSales[]> {
  const now = ctx.clock.now()
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const total = (column: AnyPgColumn) => sql<string>`sum(${column})::text`
  const rows = await ctx.db
    .select({
      month: earningMonth.month,
      sales: total(earningMonth.sales),
      gross: total(earningMonth.gross),
      fees: total(earningMonth.fees),
      net: total(earningMonth.net),
      refunds: total(earningMonth.refunds),
    })
    .from(earningMonth)
    .where(
      and(
        account === undefined ? undefined : eq(earningMonth.account, account),
        eq(earningMonth.currency, currencyOf()),
        gte(earningMonth.month, start.toISOString().slice(0, 10)),
        lt(earningMonth.month, end.toISOString().slice(0, 10)),
      ),
    )
    .groupBy(earningMonth.month)
  const byMonth = new Map(rows.map((r) => [r.month.slice(0, 7), r]))
  return Array.from({ length: months }, (_, i) => {
    const at = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1))
    const month = at.toISOString().slice(0, 7)
    const row = byMonth.get(month)
    return {
      month,
      sales: Number(row?.sales ?? 0),
      gross: Number(row?.gross ?? 0),
      fees: Number(row?.fees ?? 0),
      net: Number(row?.net ?? 0),
      refunds: Number(row?.refunds ?? 0),
    }
  })
}
