import { eq, sql } from 'drizzle-orm'
import { feeOf, writerBalance } from '#server/core/ledger/ledger.ts'
import { profile } from '#server/db/schema/index.ts'
import { SIGNATURE_HEADER, signPayload } from '#server/modules/payments/index.ts'
import { describeStatuses, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, mapLimit, percentile, signUp } from './http.ts'
import { ledgerFiller } from './ledger.ts'
import { runLoad } from './load.ts'
import { heading, int, loadRow, ms, ratio, share, table } from './report.ts'
import { FLAT } from './scale.ts'

// Money rails (decision 019). (1) Webhook fulfilment through real HTTP: N pending
// subscription orders, each order's signed payment.succeeded delivered 3 times (shuffled, some
// copies at once), against a bare route in the same run; any second transfer or event row fails
// the run. (2) writerBalance on a small and a large ledger, filled with balanced transfers in bulk.

const WRITERS = 10
const COPIES = 3
/** Deliveries in flight at once. */
const IN_FLIGHT = 16
const PRICE = 500
const SMALL_ENTRIES = 10_000
const READS = 300

export interface PaymentsOptions {
  orders: number
  largeEntries: number
}

/** A small deterministic PRNG, so every run delivers in the same order. */
function shuffled<T>(items: T[], seed = 13): T[] {
  const out = [...items]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

export async function paymentsBench(ctx: BenchContext & PaymentsOptions): Promise<SectionReport> {
  const { settings, database, progress, orders: count } = ctx
  const db = database.db
  const failures: string[] = []
  const bareUrl = await startBareApp(ctx.defer)
  const { app, url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)
  const secret = app.ctx.config.payments.webhookSecret

  const buyers = Math.ceil(count / WRITERS)
  progress(`payments: signing up ${WRITERS} writers and ${buyers} buyers, ${int(count)} pending orders`)
  const writers = await mapLimit([...Array(WRITERS).keys()], 4, async (i) => {
    const cookie = await signUp(appUrl, `bench-writer-${i}@example.com`)
    const me = (await call(appUrl, 'GET', '/api/me', cookie)).json as { id: string }
    await db.update(profile).set({ monthlyPrice: PRICE }).where(eq(profile.userId, me.id))
    return me.id
  })
  const buyerCookies = await mapLimit([...Array(buyers).keys()], 4, (i) =>
    signUp(appUrl, `bench-buyer-${i}@example.com`),
  )
  const pairs = [...Array(count).keys()].map((i) => ({
    cookie: buyerCookies[Math.floor(i / WRITERS)],
    writerId: writers[i % WRITERS],
  }))
  const orders = await mapLimit(pairs, 4, async ({ cookie, writerId }) => {
    const res = await call(appUrl, 'POST', '/api/orders', cookie, { kind: 'subscription', writerId })
    return res.json as { id: string; amount: number; currency: string; status: string }
  })
  if (orders.some((o) => o.status !== 'pending' || o.amount !== PRICE)) {
    failures.push('an order was not pending at the writer’s price')
  }

  // Signed up front (5-minute tolerance). Every 10th order's copies go back to back, so they are
  // in flight together; the rest are shuffled among the others.
  const bodies = orders.map((o, i) =>
    Buffer.from(
      JSON.stringify({
        id: `evt_bench_${i}`,
        type: 'payment.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { orderId: o.id, paymentRef: `sbx_pay_bench_${i}`, amount: o.amount, currency: o.currency },
      }),
    ),
  )
  const signed = bodies.map((body) => ({ body, signature: signPayload(secret, body, new Date()) }))
  const together = signed.filter((_, i) => i % 10 === 0)
  const apart = signed.filter((_, i) => i % 10 !== 0)
  const deliveries = shuffled([
    ...together.map((event) => Array(COPIES).fill(event)),
    ...apart.flatMap((event) => Array.from({ length: COPIES }, () => [event])),
  ]).flat() as typeof signed

  progress(`payments: delivering ${int(deliveries.length)} webhooks, ${IN_FLIGHT} in flight`)
  const statuses: Record<string, number> = {}
  let firsts = 0
  const t0 = performance.now()
  await mapLimit(deliveries, IN_FLIGHT, async ({ body, signature }) => {
    const res = await fetch(`${appUrl}/api/payments/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      body,
    })
    statuses[res.status] = (statuses[res.status] ?? 0) + 1
    const answer = (await res.json()) as { duplicate?: boolean }
    if (res.status === 200 && answer.duplicate === false) firsts++
  })
  const seconds = (performance.now() - t0) / 1000
  const nonOk = Object.entries(statuses).filter(([code]) => code !== '200')
  if (nonOk.length) failures.push(`webhooks answered ${nonOk.map(([c, n]) => `${n} × ${c}`).join(', ')}`)

  const { rows } = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from "order" where status = 'paid') as paid,
    (select count(*)::int - count(distinct order_id)::int from ledger_transfer) as "extraTransfers",
    (select count(distinct order_id)::int from ledger_transfer) as "ordersWithTransfer",
    (select count(*)::int - count(distinct (provider, event_id))::int from payment_event) as "extraEvents",
    (select count(*)::int from payment_event) as events`)
  const money = rows[0]
  const duplicates = money.extraTransfers + money.extraEvents
  if (duplicates !== 0) failures.push(`DUPLICATES: ${duplicates} (fulfilment is not exactly once)`)
  if (money.paid !== count || money.ordersWithTransfer !== count || money.events !== count) {
    failures.push(
      `expected ${count} paid orders, transfers and events; got ${money.paid}, ${money.ordersWithTransfer}, ${money.events}`,
    )
  }
  if (firsts !== count) failures.push(`${firsts} deliveries answered "first", not ${count}`)

  progress('measuring bare Fastify: GET /bare')
  const bare = await runLoad({
    url: `${bareUrl}/bare`,
    connections: settings.connections,
    duration: settings.duration,
    warmup: settings.warmup,
  })
  if (bare.failed) failures.push(`bare: ${describeStatuses(bare)}`)
  const fulfilmentsPerSecond = count / seconds

  // Balances. The measured writer keeps the sales above (a fixed few entries) while filler grows
  // the ledger around it; a "busy" writer receives every 100th filler transfer, so its own entries
  // grow with the ledger (1% of transfers), to show what the index does and does not make flat.
  const writerId = writers[0]
  const busyId = 'bench-busy'
  const ledger = await ledgerFiller(db, progress, { busyWriterId: busyId })
  const timeReads = async (id: string) => {
    for (let i = 0; i < 20; i++) await writerBalance(db, id)
    const times: number[] = []
    for (let i = 0; i < READS; i++) {
      const t = performance.now()
      await writerBalance(db, id)
      times.push(performance.now() - t)
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95), balance: await writerBalance(db, id) }
  }
  const sizes = [SMALL_ENTRIES, Math.max(ctx.largeEntries, SMALL_ENTRIES)]
  const measured: Array<{
    size: number
    load: number
    writer: Awaited<ReturnType<typeof timeReads>>
    busy: Awaited<ReturnType<typeof timeReads>>
  }> = []
  for (const size of sizes) {
    progress(`payments: filling the ledger to ${int(size)} entries`)
    const load = await ledger.fillTo(size)
    progress(`payments: ${READS} balance reads at ${int(ledger.filled)} entries`)
    measured.push({
      size: ledger.filled,
      load,
      writer: await timeReads(writerId),
      busy: await timeReads(busyId),
    })
  }
  const expected = (count / WRITERS) * (PRICE - feeOf(PRICE, app.ctx.config.payments.platformFeePercent))
  if (measured.some((m) => m.writer.balance !== expected)) {
    failures.push(
      `the writer's balance is not ${expected}: ${measured.map((m) => m.writer.balance).join(', ')}`,
    )
  }
  const [small, large] = measured
  const busyEntries = (m: (typeof measured)[number]) => int(Math.round(m.size / 300))
  const scale = (
    label: string,
    pick: (m: (typeof measured)[number]) => { p50: number; p95: number },
    own: (m: (typeof measured)[number]) => string,
  ) => {
    const r = pick(large).p50 / pick(small).p50
    return [
      label,
      own(small),
      ms(pick(small).p50),
      ms(pick(small).p95),
      own(large),
      ms(pick(large).p50),
      ms(pick(large).p95),
      ratio(r),
      r <= FLAT ? 'flat' : 'GROWS',
    ]
  }

  const text = [
    heading('Payments: webhook fulfilment, exactly once, and balances'),
    `${int(count)} pending subscription orders (${WRITERS} writers, ${buyers} buyers); each order's signed`,
    `payment.succeeded POSTed ${COPIES}× to /api/payments/webhook/sandbox over HTTP, shuffled, every`,
    `10th order's copies back to back, ${IN_FLIGHT} in flight (client in this process).`,
    '',
    table(
      ['measurement', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs bare'],
      [loadRow('bare Fastify: GET /bare', bare, bare)],
    ),
    '',
    table(
      ['webhooks', 'value'],
      [
        ['deliveries (all answered)', `${int(deliveries.length)} in ${seconds.toFixed(2)} s`],
        ['deliveries/s', int(deliveries.length / seconds)],
        ['fulfilments/s (orders paid)', int(fulfilmentsPerSecond)],
        ['fulfilments/s vs bare req/s', share(fulfilmentsPerSecond / bare.rps)],
        [
          'answers',
          Object.entries(statuses)
            .map(([c, n]) => `${int(n)} × ${c}`)
            .join(', '),
        ],
        [
          'orders paid / with a transfer / events',
          `${money.paid} / ${money.ordersWithTransfer} / ${money.events}`,
        ],
        [
          'DUPLICATE COUNT (extra transfers + extra events)',
          `${duplicates} (${money.extraTransfers} + ${money.extraEvents})`,
        ],
      ],
    ),
    '',
    `writerBalance in-process (no endpoint returns it yet), ${READS} reads after 20 warm-up, ms:`,
    '',
    table(
      ['account', 'own entries', 'p50', 'p95', 'own entries', 'p50', 'p95', 'p50 large/small', ''],
      [
        scale(
          'writer with fixed sales',
          (m) => m.writer,
          () => int(count / WRITERS),
        ),
        scale('busy writer (1% of transfers)', (m) => m.busy, busyEntries),
      ],
    ),
    `ledger sizes: ${int(small.size)} entries (filled in ${small.load.toFixed(1)} s) → ${int(large.size)} entries (${large.load.toFixed(1)} s more),`,
    'balanced 3-entry transfers inserted in bulk, then VACUUM ANALYZE.',
    'The sum is an index-only scan of (account, currency, amount): it reads only that account’s',
    'entries, so it stays flat as OTHER accounts grow, and grows with the account’s OWN entries.',
  ].join('\n')
  return { text, failures }
}
