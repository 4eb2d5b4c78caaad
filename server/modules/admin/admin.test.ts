import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessage, session, user } from '#server/db/schema/index.ts'
import { examFixtures } from '#server/modules/exams/exams.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, signIn, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let plain: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  plain = await createUser(t, { name: 'Plain Person' })
})
afterAll(() => t.close())

const userRow = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })
const put = (url: string, body: unknown, cookie?: string) => t.request({ method: 'PUT', url, body, cookie })

async function addMessage(fields: Partial<typeof contactMessage.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactMessage)
    .values({
      name: 'Writer',
      email: 'writer@example.com',
      subject: 'Hello',
      message: 'A message body',
      ...fields,
    })
    .returning()
  return row
}

/** Walks every page of a list and returns the ids in order. */
async function allPages(url: string, cookie: string, between?: () => Promise<void>) {
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const sep = url.includes('?') ? '&' : '?'
    const res = await get(`${url}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`, cookie)
    expect(res.statusCode).toBe(200)
    const page = res.json() as { items: Array<{ id: string }>; nextCursor: string | null }
    ids.push(...page.items.map((i) => i.id))
    cursor = page.nextCursor
    if (pages++ === 0 && between) await between()
  } while (cursor && pages < 100)
  return ids
}

describe('guards on every /api/admin route', () => {
  const someId = randomUUID()
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/api/admin/totals', undefined],
    ['GET', '/api/admin/waiting', undefined],
    ['GET', '/api/admin/users', undefined],
    ['GET', '/api/admin/users?limit=0', undefined],
    ['PUT', `/api/admin/users/${someId}/role`, { role: 'admin' }],
    ['PUT', `/api/admin/users/${someId}/role`, { role: 'emperor' }],
    ['PUT', `/api/admin/users/${someId}/suspension`, { suspended: true }],
    ['PUT', `/api/admin/users/${someId}/suspension`, { suspended: 'yes' }],
    ['GET', '/api/admin/contact-messages', undefined],
    ['GET', '/api/admin/contact-messages?handled=maybe', undefined],
    ['PUT', `/api/admin/contact-messages/${someId}/handled`, { handled: true }],
    ['PUT', '/api/admin/contact-messages/not-a-uuid/handled', { handled: 'yes' }],
  ]

  it.each(routes)('%s %s answers 401 when signed out', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it.each(routes)('%s %s answers 403 to a plain user, whatever the input', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body, cookie: plain.cookie })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Only administrators can do this' } })
  })

  it('a plain user changes nobody: not another user, not themselves', async () => {
    const target = await createUser(t)
    for (const id of [target.id, plain.id]) {
      expect((await put(`/api/admin/users/${id}/role`, { role: 'admin' }, plain.cookie)).statusCode).toBe(403)
      expect(
        (await put(`/api/admin/users/${id}/suspension`, { suspended: true }, plain.cookie)).statusCode,
      ).toBe(403)
      expect(await userRow(id)).toMatchObject({ role: 'user', banned: false })
    }
    const message = await addMessage()
    const res = await put(
      `/api/admin/contact-messages/${message.id}/handled`,
      { handled: true },
      plain.cookie,
    )
    expect(res.statusCode).toBe(403)
    const [row] = await t.database.db.select().from(contactMessage).where(eq(contactMessage.id, message.id))
    expect(row.handled).toBe(false)
  })

  it('a suspended admin is locked out at once', async () => {
    const other = await createUser(t, { role: 'admin' })
    expect((await get('/api/admin/totals', other.cookie)).statusCode).toBe(200)
    expect(
      (await put(`/api/admin/users/${other.id}/suspension`, { suspended: true }, admin.cookie)).statusCode,
    ).toBe(200)
    expect((await get('/api/admin/totals', other.cookie)).statusCode).toBe(401)
  })
})

describe('GET /api/admin/users', () => {
  let percent: TestUser
  let underscore: TestUser
  let lookalike: TestUser
  let byEmail: TestUser
  beforeAll(async () => {
    percent = await createUser(t, { name: 'Full 100% Writer' })
    underscore = await createUser(t, { name: 'Alpha_Beta' })
    lookalike = await createUser(t, { name: 'AlphaXBeta' })
    byEmail = await createUser(t, { name: 'Quiet Person', email: 'zebra.search@example.com' })
  })

  const search = async (q: string) => {
    const res = await get(`/api/admin/users?q=${encodeURIComponent(q)}&limit=50`, admin.cookie)
    expect(res.statusCode).toBe(200)
    return (res.json().items as Array<{ id: string }>).map((u) => u.id)
  }

  it('answers 400 for bad paging or search input', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=ten', 'limit'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['cursor=not-a-cursor', 'cursor'],
    ]) {
      const res = await get(`/api/admin/users?${query}`, admin.cookie)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().error.fields), query).toEqual([field])
    }
  })

  it('lists users newest first, with only the fields an admin needs', async () => {
    const res = await get('/api/admin/users?limit=2', admin.cookie)
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page.items).toHaveLength(2)
    expect(page.items[0].id).toBe(byEmail.id)
    expect(Object.keys(page.items[0]).sort()).toEqual(
      ['banReason', 'banned', 'canManage', 'createdAt', 'email', 'id', 'image', 'name', 'role'].sort(),
    )
    expect(page.nextCursor).toEqual(expect.any(String))
  })

  it('says which accounts the admin may manage: everyone’s but their own', async () => {
    const flags = async (id: string) => {
      const res = await get(
        `/api/admin/users?q=${encodeURIComponent(id === admin.id ? admin.email : byEmail.email)}`,
        admin.cookie,
      )
      return res.json().items.find((u: { id: string }) => u.id === id)?.canManage
    }
    expect(await flags(byEmail.id)).toBe(true)
    expect(await flags(admin.id)).toBe(false)
  })

  it('finds people by name or e-mail, in any case', async () => {
    expect(await search('zebra.SEARCH')).toEqual([byEmail.id])
    expect(await search('full 100')).toEqual([percent.id])
    expect(await search('  alphaxbeta  ')).toEqual([lookalike.id])
  })

  it('treats % and _ as plain characters', async () => {
    expect(await search('%')).toEqual([percent.id])
    expect(await search('a_b')).toEqual([underscore.id])
    expect(await search('\\')).toEqual([])
  })

  it('pages by key: every user once, even with equal timestamps and a sign-up between pages', async () => {
    const group = `Pager ${randomUUID().slice(0, 6)}`
    // Rows straight into the table: paging needs many users, not their passwords.
    const insertUser = async (name: string, createdAt?: Date) => {
      const id = randomUUID()
      await t.database.db.insert(user).values({ id, name, email: `${id}@example.com`, createdAt })
      return id
    }
    const same = new Date('2026-01-02T03:04:05.678Z')
    const members: string[] = []
    // Four of them share one timestamp: the id breaks the tie.
    for (let i = 0; i < 7; i++) members.push(await insertUser(`${group} ${i}`, i < 4 ? same : undefined))

    const url = `/api/admin/users?q=${encodeURIComponent(group)}&limit=2`
    let latecomer = ''
    const ids = await allPages(url, admin.cookie, async () => {
      latecomer = await insertUser(`${group} late`)
    })
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.sort()).toEqual(members.sort())
    // Starting over, the newcomer is first.
    const fresh = await get(url, admin.cookie)
    expect(fresh.json().items[0].id).toBe(latecomer)
  })
})

describe('PUT /api/admin/users/:id/role', () => {
  it('answers 400 for a role that does not exist and changes nothing', async () => {
    const target = await createUser(t)
    const res = await put(`/api/admin/users/${target.id}/role`, { role: 'owner' }, admin.cookie)
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields)).toEqual(['role'])
    expect((await userRow(target.id)).role).toBe('user')
  })

  it('answers 404 for an unknown user', async () => {
    const res = await put(`/api/admin/users/${randomUUID()}/role`, { role: 'admin' }, admin.cookie)
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
  })

  it('refuses to change your own role (403)', async () => {
    const res = await put(`/api/admin/users/${admin.id}/role`, { role: 'user' }, admin.cookie)
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('You cannot change your own account from here')
    expect((await userRow(admin.id)).role).toBe('admin')
  })

  it("sets the role; the target's very next request sees it", async () => {
    const target = await createUser(t)
    const res = await put(`/api/admin/users/${target.id}/role`, { role: 'admin' }, admin.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: target.id, role: 'admin', banned: false })
    expect((await get('/api/me', target.cookie)).json().role).toBe('admin')
    expect((await get('/api/admin/totals', target.cookie)).statusCode).toBe(200)

    expect((await put(`/api/admin/users/${target.id}/role`, { role: 'user' }, admin.cookie)).statusCode).toBe(
      200,
    )
    expect((await get('/api/me', target.cookie)).json().role).toBe('user')
    expect((await get('/api/admin/totals', target.cookie)).statusCode).toBe(403)
  })
})

describe('PUT /api/admin/users/:id/suspension', () => {
  it('answers 400 for bad input and leaves the user and their sessions alone', async () => {
    const target = await createUser(t)
    for (const body of [{ suspended: 'yes' }, { suspended: true, reason: 'x'.repeat(301) }, {}]) {
      const res = await put(`/api/admin/users/${target.id}/suspension`, body, admin.cookie)
      expect(res.statusCode).toBe(400)
    }
    const long = await put(
      `/api/admin/users/${target.id}/suspension`,
      { suspended: true, reason: 'x'.repeat(301) },
      admin.cookie,
    )
    expect(long.json().error.fields).toEqual({ reason: 'Keep the reason under 300 characters' })
    expect(await userRow(target.id)).toMatchObject({ banned: false, banReason: null })
    expect((await get('/api/me', target.cookie)).statusCode).toBe(200)
  })

  it('answers 404 for an unknown user and 403 for yourself', async () => {
    expect(
      (await put(`/api/admin/users/${randomUUID()}/suspension`, { suspended: true }, admin.cookie))
        .statusCode,
    ).toBe(404)
    expect(
      (await put(`/api/admin/users/${admin.id}/suspension`, { suspended: true }, admin.cookie)).statusCode,
    ).toBe(403)
    expect((await userRow(admin.id)).banned).toBe(false)
  })

  it('suspends: every session ends at once and sign-in is refused; restoring lets them back', async () => {
    const target = await createUser(t)
    const otherDevice = cookieOf((await signIn(t, target.email, target.password)).headers['set-cookie'])
    expect((await get('/api/me', otherDevice)).statusCode).toBe(200)

    const res = await put(
      `/api/admin/users/${target.id}/suspension`,
      { suspended: true, reason: '  Spam links  ' },
      admin.cookie,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: target.id, banned: true, banReason: 'Spam links' })
    for (const cookie of [target.cookie, otherDevice]) {
      expect((await get('/api/me', cookie)).statusCode).toBe(401)
    }
    expect(await t.database.db.select().from(session).where(eq(session.userId, target.id))).toEqual([])
    const refused = await signIn(t, target.email, target.password)
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['set-cookie']).toBeUndefined()

    const restored = await put(`/api/admin/users/${target.id}/suspension`, { suspended: false }, admin.cookie)
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toMatchObject({ banned: false, banReason: null })
    const back = await signIn(t, target.email, target.password)
    expect(back.statusCode).toBe(200)
    expect((await get('/api/me', cookieOf(back.headers['set-cookie']))).statusCode).toBe(200)
  })

  it('gives a default reason when none is written', async () => {
    const target = await createUser(t)
    const res = await put(
      `/api/admin/users/${target.id}/suspension`,
      { suspended: true, reason: '' },
      admin.cookie,
    )
    expect(res.json().banReason).toBe('Suspended by an administrator')
  })
})

describe('contact messages', () => {
  it('answers 400 for a bad filter, id or body', async () => {
    expect(
      (await get('/api/admin/contact-messages?handled=maybe', admin.cookie)).json().error.fields,
    ).toEqual({
      handled: expect.any(String),
    })
    const badId = await put('/api/admin/contact-messages/not-a-uuid/handled', { handled: true }, admin.cookie)
    expect(badId.statusCode).toBe(400)
    expect(badId.json().error.fields).toEqual({ id: 'Unknown message' })
    const message = await addMessage()
    const badBody = await put(
      `/api/admin/contact-messages/${message.id}/handled`,
      { handled: 'yes' },
      admin.cookie,
    )
    expect(badBody.statusCode).toBe(400)
    const [row] = await t.database.db.select().from(contactMessage).where(eq(contactMessage.id, message.id))
    expect(row.handled).toBe(false)
  })

  it('answers 404 for an unknown message', async () => {
    const res = await put(
      `/api/admin/contact-messages/${randomUUID()}/handled`,
      { handled: true },
      admin.cookie,
    )
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
  })

  it('lists messages newest first, filters by handled, and marks them', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/contact',
      body: {
        name: 'Reader',
        email: 'reader@example.com',
        subject: 'Newest',
        message: 'The newest message here',
      },
      cookie: plain.cookie,
    })
    expect(sent.statusCode).toBe(201)
    const id = sent.json().id as string

    const list = await get('/api/admin/contact-messages?limit=1', admin.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.json().items).toEqual([
      {
        id,
        name: 'Reader',
        email: 'reader@example.com',
        subject: 'Newest',
        message: 'The newest message here',
        userId: plain.id,
        handled: false,
        createdAt: expect.any(String),
      },
    ])

    const marked = await put(`/api/admin/contact-messages/${id}/handled`, { handled: true }, admin.cookie)
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toMatchObject({ id, handled: true })
    const openIds = await allPages('/api/admin/contact-messages?handled=false&limit=50', admin.cookie)
    const handledIds = await allPages('/api/admin/contact-messages?handled=true&limit=50', admin.cookie)
    expect(openIds).not.toContain(id)
    expect(handledIds).toContain(id)

    expect(
      (await put(`/api/admin/contact-messages/${id}/handled`, { handled: false }, admin.cookie)).json()
        .handled,
    ).toBe(false)
  })

  it('pages by key without losing messages written within the same millisecond', async () => {
    const subject = `Burst ${randomUUID().slice(0, 6)}`
    // Database clocks have microseconds; a cursor that drops them must not skip rows.
    const stamps = [
      '2026-03-04 05:06:07.123900+00',
      '2026-03-04 05:06:07.123500+00',
      '2026-03-04 05:06:07.123100+00',
    ]
    const ids: string[] = []
    for (const stamp of stamps) {
      ids.push((await addMessage({ subject, createdAt: sql`${stamp}::timestamptz` as unknown as Date })).id)
    }
    const seen = await allPages('/api/admin/contact-messages?limit=1', admin.cookie)
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of ids) expect(seen).toContain(id)
  })
})

describe('GET /api/admin/totals', () => {
  it('counts users, admins, suspended users and open messages', async () => {
    const before = (await get('/api/admin/totals', admin.cookie)).json()
    expect(before).toMatchObject({
      users: expect.any(Number),
      admins: expect.any(Number),
      suspended: expect.any(Number),
      openMessages: expect.any(Number),
    })
    const newcomer = await createUser(t)
    await createUser(t, { role: 'admin' })
    await put(`/api/admin/users/${newcomer.id}/suspension`, { suspended: true }, admin.cookie)
    await addMessage()
    const handled = await addMessage()
    await put(`/api/admin/contact-messages/${handled.id}/handled`, { handled: true }, admin.cookie)

    // The rest of the answer (writers, published work, money by month) is tested in totals.test.ts.
    const after = (await get('/api/admin/totals', admin.cookie)).json()
    expect(after).toMatchObject({
      users: before.users + 2,
      admins: before.admins + 1,
      suspended: before.suspended + 1,
      openMessages: before.openMessages + 1,
    })
  })
})

describe('GET /api/admin/waiting', () => {
  const waiting = async () => {
    const res = await get('/api/admin/waiting', admin.cookie)
    expect(res.statusCode).toBe(200)
    return res.json() as { posts: number; exams: number; reports: number; payouts: number }
  }
  const post = (url: string, cookie: string, body?: unknown) =>
    t.request({ method: 'POST', url, cookie, body })

  it('counts the posts and exams submitted for review and the open reports, and follows decisions', async () => {
    const before = await waiting()
    const writer = await createUser(t, { name: 'Wanjiru Writer' })

    // A draft waits for nobody; submitted, it waits for an admin.
    const draft = await post('/api/posts', writer.cookie, {
      title: 'Waves and tides',
      category: 'fiction',
      excerpt: 'A story about the sea.',
      bodyHtml: '<p>The sea was calm.</p>',
      tags: [],
      access: 'free',
    })
    expect(draft.statusCode, draft.body).toBe(201)
    const postId = draft.json().id as string
    expect(await waiting()).toEqual(before)
    expect((await post(`/api/posts/${postId}/submit`, writer.cookie)).statusCode).toBe(200)

    const exams = examFixtures(t)
    const exam = await exams.createExam(writer)
    expect((await post(`/api/exams/${exam.id}/submit`, writer.cookie)).statusCode).toBe(200)
    expect(await waiting()).toEqual({ ...before, posts: before.posts + 1, exams: before.exams + 1 })

    // Approved, the post leaves the queue and can be reported: the report waits instead.
    expect((await post(`/api/admin/posts/${postId}/approve`, admin.cookie)).statusCode).toBe(200)
    expect((await post(`/api/admin/exams/${exam.id}/approve`, admin.cookie)).statusCode).toBe(200)
    const filed = await post('/api/reports', plain.cookie, {
      targetType: 'post',
      targetId: postId,
      reason: 'spam',
    })
    expect(filed.statusCode, filed.body).toBe(201)
    expect(await waiting()).toEqual({ ...before, reports: before.reports + 1 })

    const reportId = filed.json().id as string
    const dismissed = await post(`/api/admin/reports/${reportId}/resolve`, admin.cookie, {
      action: 'dismiss',
    })
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect(await waiting()).toEqual(before)
  })
})
