import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_IMPORT_MAX_ROWS } from '#common/constants.ts'
import { parseCsv } from '#server/core/csv.ts'
import { newsletterContact, subscription } from '#server/db/schema/index.ts'
import { createWriter, subscribePaid } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { confirmJobs, contactsOf, importCsv, imported } from './contacts.fixtures.ts'
import { followWriter, setPrice } from './newsletters.fixtures.ts'

// A writer's imported subscribers through HTTP on a real database: the import's report (and its
// dry run), the list and its removal, and the export of every subscriber as CSV.

let t: TestApp
let writer: TestUser
let other: TestUser
let follower: TestUser
let paid: TestUser
let reader: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  writer = await createWriter(t, 'Wynn Writer')
  other = await createWriter(t, 'Otto Other')
  follower = await createUser(t, { name: 'Fern Follower' })
  paid = await createUser(t, { name: 'Pia Payer' })
  reader = await createUser(t, { name: 'Rita Reader' })
  await followWriter(t, follower, writer)
})
afterAll(async () => {
  await t.close()
})

const nothingWritten = async () => {
  expect(await contactsOf(t, writer)).toEqual([])
  expect(await confirmJobs(t)).toEqual([])
}

describe('POST /api/me/subscribers/import: who, and files that are not a list', () => {
  it('needs a session', async () => {
    expect((await importCsv(t, null, 'email\na@example.com\n')).statusCode).toBe(401)
  })

  it('is 403 for an account with nothing published, and writes nothing', async () => {
    const res = await importCsv(t, reader, 'email\na@example.com\n')
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toMatch(/^Publish your first post/)
    expect(await contactsOf(t, reader)).toEqual([])
  })

  it.each([
    ['no file', undefined, 'Choose a CSV file'],
    ['an empty file', '', 'The file is empty'],
    ['blank lines only', '\r\n\r\n', 'The file is empty'],
    ['no email column', 'name,plan\nAnn,free\n', 'The first row must name the columns'],
    ['a header and nothing under it', 'email,name\r\n', 'The file has a header row but no addresses'],
    ['a quoted field never closed', 'email\na@example.com\n"b@example.com\n', 'line 3: a quoted field'],
    ['text after a closing quote', 'email,name\n"a@example.com"x,Ann\n', 'line 2: there is text after'],
  ])('is 400 for %s, with a message on the file, and writes nothing', async (_case, csv, message) => {
    const res = await importCsv(t, writer, csv)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields.csv).toContain(message)
    await nothingWritten()
  })

  it('is 400 for more rows than the limit, or more bytes, and writes nothing', async () => {
    const rows = Array.from({ length: SUBSCRIBER_IMPORT_MAX_ROWS + 1 }, (_, i) => `r${i}@example.com`)
    const many = await importCsv(t, writer, `email\n${rows.join('\n')}\n`)
    expect(many.statusCode).toBe(400)
    expect(many.json().error.fields.csv).toBe(
      'The file has more than 10,000 rows: split it and import each part',
    )
    // Under the byte limit in characters, over it in UTF-8 bytes.
    const large = await importCsv(
      t,
      writer,
      `email,name\na@example.com,${'é'.repeat(SUBSCRIBER_IMPORT_MAX_BYTES / 2)}\n`,
    )
    expect(large.statusCode).toBe(400)
    expect(large.json().error.fields.csv).toMatch(/^The file is larger than 1 MB/)
    await nothingWritten()
  })

  it('is 400 on a body that is not the schema', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/me/subscribers/import',
      cookie: writer.cookie,
      body: { csv: 'email\na@example.com', dryRun: 'yes' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.dryRun).toBeDefined()
    await nothingWritten()
  })
})

// Substack's export, with what a real list holds: a BOM, CRLF, quoted names with commas and
// quotes, a line break in a quoted cell, and rows to refuse.
const SUBSTACK = () =>
  [
    '\uFEFFemail,name,active_subscription,expiry,plan,email_disabled,created_at',
    'ada@example.com,"Lovelace, Ada",false,,free,false,2024-01-05T10:00:00.000Z',
    'not-an-address,Nobody,false,,free,false,2024-01-06T10:00:00.000Z',
    `${writer.email},Me Myself,false,,free,false,2024-01-07T10:00:00.000Z`,
    'ADA@Example.com,Ada Again,false,,free,false,2024-01-08T10:00:00.000Z',
    `${follower.email.toUpperCase()},Fern,false,,free,false,2024-01-09T10:00:00.000Z`,
    'quiet@example.com,Quiet One,false,,free,true,2024-01-10T10:00:00.000Z',
    '"grace@example.com","Grace ""G"" Hopper",true,2025-01-01,paid,false,"2024-01-11"',
    'formula@example.com,"=HYPERLINK(""http://evil.example"")",false,,free,false,2024-01-12T10:00:00.000Z',
    '"multi@example.com","Two\r\nLines",false,,free,false,2024-01-13T10:00:00.000Z',
    '',
  ].join('\r\n')

describe('POST /api/me/subscribers/import: the report', () => {
  const expectedRefusals = () => [
    { line: 3, email: 'not-an-address', reason: 'invalid_email', status: null },
    { line: 4, email: writer.email, reason: 'own_address', status: null },
    { line: 5, email: 'ADA@Example.com', reason: 'duplicate', status: null },
    { line: 6, email: follower.email.toUpperCase(), reason: 'subscriber', status: null },
    { line: 7, email: 'quiet@example.com', reason: 'mail_off', status: null },
  ]

  it('a dry run answers the report and writes nothing', async () => {
    const res = await importCsv(t, writer, SUBSTACK(), true)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      dryRun: true,
      rows: 9,
      imported: 4,
      refusedCount: 5,
      refused: expectedRefusals(),
    })
    await nothingWritten()
  })

  it('imports the rows it can, pending, and queues their confirmation mails in the same transaction', async () => {
    const report = await imported(t, writer, SUBSTACK())
    expect(report).toEqual({
      dryRun: false,
      rows: 9,
      imported: 4,
      refusedCount: 5,
      refused: expectedRefusals(),
    })
    const rows = await contactsOf(t, writer)
    expect(rows.map((r) => [r.email, r.name, r.status, r.confirmSentAt])).toEqual([
      ['ada@example.com', 'Lovelace, Ada', 'pending', null],
      ['formula@example.com', '=HYPERLINK("http://evil.example")', 'pending', null],
      ['grace@example.com', 'Grace "G" Hopper', 'pending', null],
      ['multi@example.com', 'Two Lines', 'pending', null],
    ])
    const jobs = await confirmJobs(t)
    expect(jobs).toHaveLength(1)
    expect(jobs[0].ids.toSorted()).toEqual(rows.map((r) => r.id).toSorted())
  })

  it('never adds an address again, whatever became of it: the report says where it stands', async () => {
    await t.database.db
      .update(newsletterContact)
      .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
      .where(eq(newsletterContact.email, 'ada@example.com'))
    const report = await imported(
      t,
      writer,
      'Email\r\nada@example.com\r\nmulti@example.com\r\nnew@example.com\r\n',
    )
    expect(report.imported).toBe(1)
    expect(report.refused).toEqual([
      { line: 2, email: 'ada@example.com', reason: 'already_imported', status: 'unsubscribed' },
      { line: 3, email: 'multi@example.com', reason: 'already_imported', status: 'pending' },
    ])
    expect((await contactsOf(t, writer)).find((c) => c.email === 'ada@example.com')?.status).toBe(
      'unsubscribed',
    )
    expect(await confirmJobs(t)).toHaveLength(2)
  })

  it("one writer's imports are theirs: the same address is another writer's to import", async () => {
    const report = await imported(t, other, 'email;name\nada@example.com;Ada\n')
    expect(report).toMatchObject({ imported: 1, refusedCount: 0 })
  })

  it('writes nothing when every row is refused', async () => {
    const before = await confirmJobs(t)
    const report = await imported(t, writer, 'email\nada@example.com\n')
    expect(report).toMatchObject({ imported: 0, refusedCount: 1 })
    expect(await confirmJobs(t)).toEqual(before)
  })
})

describe('GET /api/me/subscribers/imported', () => {
  const list = (who: TestUser | null, query = '') =>
    t.request({ method: 'GET', url: `/api/me/subscribers/imported${query}`, cookie: who?.cookie })

  it('needs a session', async () => {
    expect((await list(null)).statusCode).toBe(401)
  })

  it("lists the writer's own addresses with the counts, a keyset page at a time", async () => {
    const first = await list(writer, '?limit=3')
    expect(first.statusCode).toBe(200)
    const page = first.json()
    expect(page.counts).toEqual({ pending: 4, confirmed: 0, unsubscribed: 1, bounced: 0 })
    expect(page.items).toHaveLength(3)
    expect(page.items[0]).toMatchObject({ status: 'pending', confirmSentAt: null, bounceReason: null })
    const next = await list(writer, `?limit=3&cursor=${encodeURIComponent(page.nextCursor)}`)
    const rest = next.json()
    expect(rest.nextCursor).toBeNull()
    const emails = [...page.items, ...rest.items].map((c: { email: string }) => c.email).sort()
    expect(emails).toEqual((await contactsOf(t, writer)).map((c) => c.email))
  })

  it("never shows another writer's addresses", async () => {
    const res = await list(other)
    expect(res.json().items.map((c: { email: string }) => c.email)).toEqual(['ada@example.com'])
    expect(res.json().counts.pending).toBe(1)
    expect((await list(reader)).json()).toEqual({
      items: [],
      nextCursor: null,
      counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 },
    })
  })

  it('is 400 on a cursor that is not one', async () => {
    expect((await list(writer, '?cursor=nonsense')).statusCode).toBe(400)
  })
})

describe('DELETE /api/me/subscribers/imported/:id', () => {
  const remove = (who: TestUser | null, id: string) =>
    t.request({ method: 'DELETE', url: `/api/me/subscribers/imported/${id}`, cookie: who?.cookie })
  const idOf = async (who: TestUser, email: string) =>
    (await contactsOf(t, who)).find((c) => c.email === email)!.id

  it('needs a session, and a real id', async () => {
    expect((await remove(null, await idOf(writer, 'new@example.com'))).statusCode).toBe(401)
    expect((await remove(writer, 'nope')).statusCode).toBe(400)
  })

  it("is 404 for another writer's address, which stays", async () => {
    const id = await idOf(other, 'ada@example.com')
    const res = await remove(writer, id)
    expect(res.statusCode).toBe(404)
    expect(await contactsOf(t, other)).toHaveLength(1)
  })

  it('keeps an address that unsubscribed (409): it is what stops a later import', async () => {
    const res = await remove(writer, await idOf(writer, 'ada@example.com'))
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/unsubscribed: it stays on your list/)
  })

  it('removes a pending address', async () => {
    const res = await remove(writer, await idOf(writer, 'new@example.com'))
    expect(res.statusCode).toBe(204)
    expect((await contactsOf(t, writer)).map((c) => c.email)).not.toContain('new@example.com')
  })
})

describe('GET /api/me/subscribers/export', () => {
  const exported = (who: TestUser | null) =>
    t.request({ method: 'GET', url: '/api/me/subscribers/export', cookie: who?.cookie })

  it('needs a session', async () => {
    expect((await exported(null)).statusCode).toBe(401)
  })

  it('is every subscriber as CSV: accounts, then imported addresses, escaped and never a formula', async () => {
    await setPrice(t, writer, 500)
    await subscribePaid(t, paid, writer)
    await t.database.db
      .update(subscription)
      .set({ emailNewPosts: false })
      .where(eq(subscription.subscriberId, paid.id))
    const res = await exported(writer)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const today = new Date().toISOString().slice(0, 10)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="inkwell-subscribers-${today}.csv"`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    // The raw cells: quoted where they must be, a formula neutralised.
    expect(res.body).toContain(`formula@example.com,"'=HYPERLINK(""http://evil.example"")",imported`)
    expect(res.body).toContain('grace@example.com,"Grace ""G"" Hopper",imported,pending confirmation,no,')
    const rows = parseCsv(res.body).map((r) => r.fields)
    expect(rows[0]).toEqual(['email', 'name', 'type', 'status', 'emails_on', 'since'])
    // Accounts first, oldest first; then the imported (written in one transaction: in id order).
    expect(rows.slice(1, 3)).toEqual([
      [follower.email, 'Fern Follower', 'free', 'active', 'yes', today],
      [paid.email, 'Pia Payer', 'paid', 'active', 'no', today],
    ])
    expect(rows.slice(3).sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ['ada@example.com', 'Lovelace, Ada', 'imported', 'unsubscribed', 'no', today],
      [
        'formula@example.com',
        `'=HYPERLINK("http://evil.example")`,
        'imported',
        'pending confirmation',
        'no',
        today,
      ],
      ['grace@example.com', 'Grace "G" Hopper', 'imported', 'pending confirmation', 'no', today],
      ['multi@example.com', 'Two Lines', 'imported', 'pending confirmation', 'no', today],
    ])
  })

  it("holds nothing of another writer's list", async () => {
    const today = new Date().toISOString().slice(0, 10)
    expect((await exported(other)).body).toBe(
      `email,name,type,status,emails_on,since\r\nada@example.com,Ada,imported,pending confirmation,no,${today}\r\n`,
    )
    const empty = await exported(reader)
    expect(empty.body).toBe('email,name,type,status,emails_on,since\r\n')
  })
})
