import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { orderFor, setPrice } from './payments.fixtures.ts'

let t: TestApp
let writer: TestUser
let secondWriter: TestUser
let rita: TestUser
let oscar: TestUser
let admin: TestUser
let paidId: string
let declinedId: string
let pendingId: string

beforeAll(async () => {
  t = await buildTestApp()
  writer = await createUser(t, { name: 'Grace Writer' })
  rita = await createUser(t, { name: 'Rita Reader', email: 'rita_sure@example.com' })
  oscar = await createUser(t, { name: 'Oscar Other' })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  secondWriter = await createUser(t, { name: 'Mei Writer' })
  await setPrice(t, writer, 500)
  await setPrice(t, secondWriter, 400)
  const pay = (user: TestUser, id: string, outcome: string) =>
    t.request({
      method: 'POST',
      url: `/api/payments/sandbox/${id}/pay`,
      cookie: user.cookie,
      body: { outcome },
    })
  declinedId = (await orderFor(t, oscar, writer)).id
  await pay(oscar, declinedId, 'decline')
  paidId = (await orderFor(t, rita, writer)).id
  await pay(rita, paidId, 'succeed')
  // A declined order stays open for the same item (one per buyer and item): Oscar's pending one is another writer's.
  pendingId = (await orderFor(t, oscar, secondWriter)).id
})
afterAll(() => t.close())

const list = (query: string, user: TestUser | null = admin) =>
  t.request({ method: 'GET', url: `/api/admin/orders${query}`, cookie: user?.cookie })

type Listed = { id: string; status: string; amount: number; buyer: { name: string; email: string } }
const ids = (res: { json(): { items: Listed[] } }) => res.json().items.map((o) => o.id)

describe('GET /api/admin/orders', () => {
  it('is for signed-in admins only', async () => {
    expect((await list('', null)).statusCode).toBe(401)
    expect((await list('', rita)).statusCode).toBe(403)
  })

  it('refuses a bad status, an over-long search and a hand-made cursor with field messages', async () => {
    const status = await list('?status=lost')
    expect(status.statusCode).toBe(400)
    expect(status.json().error.fields.status).toBeTruthy()
    const q = await list(`?q=${'a'.repeat(101)}`)
    expect(q.statusCode).toBe(400)
    expect(q.json().error.fields.q).toMatch(/100 characters/)
    const cursor = await list('?cursor=bm90LWEtY3Vyc29y')
    expect(cursor.statusCode).toBe(400)
    expect(cursor.json().error.fields.cursor).toBeTruthy()
  })

  it('lists every buyer’s orders newest first, with the buyer, the item and the status', async () => {
    const res = await list('')
    expect(res.statusCode).toBe(200)
    expect(ids(res)).toEqual([pendingId, paidId, declinedId])
    const paid = res.json().items[1]
    expect(paid).toMatchObject({
      status: 'paid',
      amount: 500,
      currency: 'USD',
      buyer: { id: rita.id, name: 'Rita Reader', email: 'rita_sure@example.com' },
      item: { kind: 'subscription', id: writer.id, title: 'Monthly subscription to Grace Writer' },
    })
  })

  it('filters by status, and finds by buyer name, e-mail (literally) or order id', async () => {
    expect(ids(await list('?status=paid'))).toEqual([paidId])
    expect(ids(await list('?status=failed'))).toEqual([declinedId])
    expect(ids(await list('?status=refunded'))).toEqual([])
    expect(ids(await list('?q=oscar'))).toEqual([pendingId, declinedId])
    expect(ids(await list('?q=RITA_SURE@'))).toEqual([paidId])
    // % and _ match themselves, not anything: only Rita's address holds an underscore.
    expect(ids(await list(`?q=${encodeURIComponent('_')}`))).toEqual([paidId])
    expect(ids(await list(`?q=${encodeURIComponent('%')}`))).toEqual([])
    expect(ids(await list(`?q=${declinedId}`))).toEqual([declinedId])
    expect(ids(await list(`?q=${declinedId}&status=paid`))).toEqual([])
  })

  it('pages by keyset with no order twice or missed', async () => {
    const first = await list('?limit=2')
    expect(ids(first)).toEqual([pendingId, paidId])
    const cursor = first.json().nextCursor
    expect(cursor).toBeTruthy()
    const second = await list(`?limit=2&cursor=${cursor}`)
    expect(ids(second)).toEqual([declinedId])
    expect(second.json().nextCursor).toBeNull()
  })

  it('shows a refund made from the list', async () => {
    const refunded = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${paidId}/refund`,
      cookie: admin.cookie,
    })
    expect(refunded.statusCode).toBe(200)
    expect(ids(await list('?status=refunded'))).toEqual([paidId])
    expect(ids(await list('?status=paid'))).toEqual([])
  })
})
