import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { textCell } from '#server/core/csv.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { amountCell, EARNINGS_CSV_HEADER } from './csv.ts'
import { earningsCounts, ledgerSums, refund, releaseAll, sell } from './earnings.fixtures.ts'

// The writer's earnings read from the ledger: balances, history, CSV and the monthly chart.

const clock = createTestClock()
let t: TestApp
let writer: TestUser
let admin: TestUser

const get = (url: string, cookie = writer.cookie) => t.request({ method: 'GET', url, cookie })
const thisMonth = () => new Date().toISOString().slice(0, 7)

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: '=Formula, "Quoted" Writer' })
  await setPrice(t, writer, 1000)
  // Four sales and a renewal; one sale refunded inside the window; the rest released; then a
  // payout paid, one more sale (pending), and a request left open.
  const sales = [await sell(t, writer), await sell(t, writer), await sell(t, writer), await sell(t, writer)]
  await refund(t, sales[3])
  const { postWebhook, sandboxEvent } = await import('#server/modules/payments/payments.fixtures.ts')
  await postWebhook(
    t,
    sandboxEvent('subscription.renewed', {
      orderId: sales[0].orderId,
      paymentRef: 'renewal_1',
      amount: 1000,
    }),
  )
  await releaseAll(t, clock)
  const first = await t.request({
    method: 'POST',
    url: '/api/me/payouts',
    cookie: writer.cookie,
    body: { amount: 1000 },
  })
  await t.request({
    method: 'POST',
    url: `/api/admin/payouts/${first.json().id}/paid`,
    cookie: admin.cookie,
    body: { reference: 'TR-7' },
  })
  await sell(t, writer)
  await t.request({ method: 'POST', url: '/api/me/payouts', cookie: writer.cookie, body: { amount: 1200 } })
})
afterAll(() => t.close())

type Line = Record<string, number | string | null>

async function allHistory(query = '') {
  const lines: Line[] = []
  let cursor: string | null = null
  do {
    const res = await get(
      `/api/me/earnings/history?limit=3${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(res.statusCode).toBe(200)
    lines.push(...res.json().items)
    cursor = res.json().nextCursor
  } while (cursor)
  return lines
}

const sum = (lines: Line[], key: string) => lines.reduce((total, l) => total + Number(l[key]), 0)

describe('summary', () => {
  it('equals the sums of the ledger entries', async () => {
    const summary = (await get('/api/me/earnings')).json()
    const sums = await ledgerSums(t, writer.id)
    // Five sales of 10.00 and a renewal, one sale refunded: 50.00 gross, 7.50 fees, 42.50 net;
    // the last sale still pending, 10.00 paid out, 12.00 requested.
    expect(summary).toEqual({
      currency: 'USD',
      pending: 850,
      available: 4 * 850 - 1000 - 1200,
      payoutPending: 1200,
      paidOut: 1000,
      owed: 0,
      lifetime: { gross: 5000, fees: 750, net: 4250 },
      refundWindowDays: 14,
      payoutMinimum: 1000,
    })
    expect(sums).toEqual({
      pending: summary.pending,
      available: summary.available,
      payoutPending: summary.payoutPending,
      owed: 0,
    })
  })
})

describe('history', () => {
  it('walks every transfer once, newest first, and its columns sum to the balances', async () => {
    const lines = await allHistory()
    const { rows } = await t.database.db.execute<{ n: number }>(sql`
      select count(distinct transfer_id)::int as n from ledger_entry where account like ${`writer:${writer.id}:%`}`)
    expect(lines).toHaveLength(rows[0].n)
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length)
    const times = lines.map((l) => String(l.createdAt))
    expect([...times].sort().reverse()).toEqual(times)
    const sums = await ledgerSums(t, writer.id)
    expect(sum(lines, 'pending')).toBe(sums.pending)
    expect(sum(lines, 'available')).toBe(sums.available)
    expect(sum(lines, 'payoutPending')).toBe(sums.payoutPending)
    expect(sum(lines, 'owed')).toBe(sums.owed)
    expect(sum(lines, 'gross')).toBe(5000)
    expect(sum(lines, 'fee')).toBe(750)
    expect(sum(lines, 'net')).toBe(4250)
    const kinds = lines.map((l) => l.kind)
    for (const kind of ['sale', 'renewal', 'refund', 'release', 'payout', 'payout_paid'])
      expect(kinds).toContain(kind)
  })

  it('describes what was sold without the buyer, and filters by kind and month', async () => {
    const sales = await allHistory('&kind=sale')
    expect(sales).toHaveLength(5)
    expect(sales[0]).toMatchObject({
      kind: 'sale',
      description: 'New paid subscription',
      item: { kind: 'subscription', title: `Monthly subscription to ${writer.name}` },
      gross: 1000,
      fee: 150,
      net: 850,
      pending: 850,
    })
    const [refunded] = await allHistory('&kind=refund')
    expect(refunded).toMatchObject({ gross: -1000, fee: -150, net: -850, pending: -850 })
    expect((await allHistory(`&month=${thisMonth()}`)).length).toBe((await allHistory()).length)
    expect(await allHistory('&month=2001-01')).toEqual([])
    expect(await allHistory('&month=2999-12')).toEqual([])
    const body = JSON.stringify(await allHistory())
    const { rows } = await t.database.db.execute<{ name: string }>(sql`
      select distinct u.name from "order" o join "user" u on u.id = o.buyer_id where o.seller_id = ${writer.id}`)
    for (const buyer of rows) expect(body).not.toContain(buyer.name)
  })

  it('refuses a bad month, kind or cursor with field messages', async () => {
    for (const query of [
      'month=2026-13',
      'month=26-11',
      'month=9999-12',
      'kind=gift',
      'cursor=abc',
      'limit=0',
    ]) {
      const res = await get(`/api/me/earnings/history?${query}`)
      expect(res.statusCode, query).toBe(400)
    }
    expect((await get('/api/me/earnings/history?month=2026-13')).json().error.fields.month).toMatch(/YYYY-MM/)
  })

  it('shows another writer none of these lines', async () => {
    const other = await createUser(t)
    expect((await get('/api/me/earnings/history', other.cookie)).json()).toEqual({
      items: [],
      nextCursor: null,
    })
    expect((await get('/api/me/earnings', other.cookie)).json()).toMatchObject({ pending: 0, available: 0 })
  })
})

/** RFC 4180 parsing, enough for the test: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += 1
    } else field += c
  }
  return rows
}

describe('CSV export', () => {
  it('matches the ledger line for line, as an attachment', async () => {
    const res = await get(`/api/me/earnings/export.csv?month=${thisMonth()}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="inkwell-earnings-${thisMonth()}.csv"`,
    )
    expect(res.body.endsWith('\r\n')).toBe(true)
    const [header, ...rows] = parseCsv(res.body)
    expect(header).toEqual(EARNINGS_CSV_HEADER)
    const col = (name: string) => header.indexOf(name)
    const lines = (await allHistory()).reverse()
    expect(rows.map((r) => r[col('reference')])).toEqual(lines.map((l) => l.id))
    const { rows: entries } = await t.database.db.execute<{ account: string; total: number }>(sql`
      select split_part(account, ':', 3) as account, sum(amount)::int as total
      from ledger_entry where account like ${`writer:${writer.id}:%`} group by 1`)
    const cents = (name: string) =>
      rows.reduce((total, r) => total + Math.round(Number(r[col(name)]) * 100), 0)
    for (const { account, total } of entries) expect(cents(account), account).toBe(total)
    // The item column holds a title a person chose ("Monthly subscription to =Formula, …"): quoted.
    expect(res.body).toContain(`"Monthly subscription to =Formula, ""Quoted"" Writer"`)
    const empty = await get('/api/me/earnings/export.csv?month=2001-01')
    expect(parseCsv(empty.body)).toEqual([EARNINGS_CSV_HEADER])
    expect((await get('/api/me/earnings/export.csv?month=November')).statusCode).toBe(400)
  })

  it('neutralises cells that would start a formula and writes amounts as decimals', () => {
    expect(textCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(textCell('+1')).toBe(`'+1`)
    expect(textCell('-1')).toBe(`'-1`)
    expect(textCell('@SUM(A1)')).toBe(`'@SUM(A1)`)
    expect(textCell('plain')).toBe('plain')
    expect(textCell('a\r\nb')).toBe('"a\r\nb"')
    expect([amountCell(-850), amountCell(5), amountCell(123456), amountCell(0)]).toEqual([
      '-8.50',
      '0.05',
      '1234.56',
      '0.00',
    ])
  })
})

describe('a book sale', () => {
  it('names the book in the history, and its title cannot start a formula in the CSV', async () => {
    const { buyBook, publishedBook } = await import('#server/modules/books/books.fixtures.ts')
    const author = await createUser(t, { name: 'Book Author' })
    const title = '=HYPERLINK("http://evil.test","Free")'
    const book = await publishedBook(
      t,
      admin,
      author,
      ['<p>The first night.</p>', '<p>The second night.</p>'],
      {
        title,
      },
    )
    await buyBook(t, await createUser(t), book.id)
    const [line] = (await get('/api/me/earnings/history', author.cookie)).json().items
    expect(line).toMatchObject({
      kind: 'sale',
      description: `Book sale: “${title}”`,
      item: { kind: 'book', title },
      gross: 499,
      fee: 74,
      net: 425,
    })
    const csv = (await get('/api/me/earnings/export.csv', author.cookie)).body
    const [, row] = parseCsv(csv)
    expect(row[EARNINGS_CSV_HEADER.indexOf('item')]).toBe(`'${title}`)
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""Free"")"`)
  })
})

describe('monthly', () => {
  it('sums gross, fees and net by month, with empty months as zeros', async () => {
    const res = await get('/api/me/earnings/monthly?months=3')
    expect(res.statusCode).toBe(200)
    const { months } = res.json()
    expect(months).toHaveLength(3)
    expect(months[2]).toEqual({ month: thisMonth(), gross: 5000, fees: 750, net: 4250 })
    expect(months[0]).toMatchObject({ gross: 0, fees: 0, net: 0 })
    expect((await get('/api/me/earnings/monthly')).json().months).toHaveLength(12)
    const before = await earningsCounts(t)
    for (const q of ['months=0', 'months=37', 'months=two'])
      expect((await get(`/api/me/earnings/monthly?${q}`)).statusCode, q).toBe(400)
    expect(await earningsCounts(t)).toEqual(before)
  })
})
