import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POST_BODY_MAX_LENGTH, RICH_TEXT_RAW_FACTOR } from '#common/constants.ts'
import { slugify } from '#common/slug.ts'
import { notification, post } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let writer: TestUser
let other: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  other = await createUser(t, { name: 'Otto Other' })
})
afterAll(() => t.close())

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
  t.request({ method, url, cookie, body })

const valid = (fields: Record<string, unknown> = {}) => ({
  title: 'Waves and tides',
  category: 'fiction',
  excerpt: 'A story about the sea.',
  bodyHtml: '<p>The <strong>sea</strong> was calm.</p>',
  tags: ['Sea', 'calm'],
  access: 'free',
  ...fields,
})

const rowOf = async (id: string) => (await t.database.db.select().from(post).where(eq(post.id, id)))[0]
const postsOf = (authorId: string) => t.database.db.select().from(post).where(eq(post.authorId, authorId))

async function create(user: TestUser, fields: Record<string, unknown> = {}) {
  const res = await req('POST', '/api/posts', user.cookie, valid(fields))
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; slug: string; status: string; authorId: string; title: string }
}

async function pending(user: TestUser = writer, fields: Record<string, unknown> = {}) {
  const created = await create(user, fields)
  expect((await req('POST', `/api/posts/${created.id}/submit`, user.cookie)).statusCode).toBe(200)
  return created
}

async function published(user: TestUser = writer, fields: Record<string, unknown> = {}) {
  const p = await pending(user, fields)
  expect((await req('POST', `/api/admin/posts/${p.id}/approve`, admin.cookie)).statusCode).toBe(200)
  return p
}

const notificationsOf = (userId: string) =>
  t.database.db.select().from(notification).where(eq(notification.writerId, userId))

describe('guards', () => {
  const id = randomUUID()
  const userRoutes: Array<[string, string, unknown]> = [
    ['POST', '/api/posts', valid()],
    ['POST', '/api/posts', { title: '' }],
    ['GET', `/api/posts/${id}`, undefined],
    ['PATCH', `/api/posts/${id}`, valid()],
    ['PATCH', '/api/posts/not-a-uuid', { title: '' }],
    ['POST', `/api/posts/${id}/submit`, undefined],
    ['DELETE', `/api/posts/${id}`, undefined],
    ['GET', '/api/me/posts', undefined],
    ['GET', '/api/me/posts?status=lost', undefined],
  ]
  const adminRoutes: Array<[string, string, unknown]> = [
    ['GET', '/api/admin/review', undefined],
    ['GET', '/api/admin/review?limit=0', undefined],
    ['POST', `/api/admin/posts/${id}/approve`, undefined],
    ['POST', `/api/admin/posts/${id}/reject`, { reason: 'Too short' }],
    ['POST', `/api/admin/posts/${id}/reject`, { reason: '' }],
  ]

  it.each([...userRoutes, ...adminRoutes])('%s %s answers 401 when signed out', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it.each(adminRoutes)('%s %s answers 403 to a plain user, whatever the input', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body, cookie: writer.cookie })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('forbidden')
  })

  it('writes nothing for a signed-out create', async () => {
    const before = (await t.database.db.select().from(post)).length
    await req('POST', '/api/posts', undefined, valid())
    expect((await t.database.db.select().from(post)).length).toBe(before)
  })
})

describe('POST /api/posts', () => {
  it('creates a draft with a slug, tags lower-cased and the body sanitized', async () => {
    const res = await req(
      'POST',
      '/api/posts',
      writer.cookie,
      valid({
        title: '  Ünïcode & Waves!  ',
        bodyHtml: '<p onclick="x()">Hi<script>alert(1)</script></p><img src="https://evil.example/x.png">',
        tags: [' Sea ', 'SEA', 'storm'],
        coverImage: '/api/files/covers/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png',
      }),
    )
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      authorId: writer.id,
      title: 'Ünïcode & Waves!',
      slug: 'unicode-waves',
      status: 'draft',
      category: 'fiction',
      subjectSlug: null,
      tags: ['sea', 'storm'],
      bodyHtml: '<p>Hi</p>',
      access: 'free',
      publishedAt: null,
      rejectionReason: null,
    })
    const row = await rowOf(body.id)
    expect(row).toMatchObject({ status: 'draft', bodyHtml: '<p>Hi</p>', tags: ['sea', 'storm'] })
  })

  it('answers 400 with a message per field and writes nothing', async () => {
    const before = (await postsOf(writer.id)).length
    const res = await req('POST', '/api/posts', writer.cookie, {
      title: '   ',
      category: 'academic',
      excerpt: 'x'.repeat(301),
      coverImage: 'https://evil.example/cover.png',
      // Over what may be sent; what is stored has its own check (posts-hardening.test.ts).
      bodyHtml: 'x'.repeat(POST_BODY_MAX_LENGTH * RICH_TEXT_RAW_FACTOR + 1),
      tags: ['ok', 'x'.repeat(33)],
      access: 'vip',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: 'Some fields need your attention',
      fields: {
        title: 'Add a title',
        excerpt: 'Keep the excerpt under 300 characters',
        coverImage: 'Upload the cover image to Inkwell first',
        bodyHtml: 'Keep the post under 200,000 characters',
        'tags.1': 'Keep each tag under 32 characters',
        access: 'Choose who can read it',
        subjectSlug: 'Choose a subject for an academic post',
      },
    })
    expect((await postsOf(writer.id)).length).toBe(before)
  })

  it.each([
    [
      'a title over 150 characters',
      { title: 'x'.repeat(151) },
      'title',
      'Keep the title under 150 characters',
    ],
    ['an unknown category', { category: 'poetry' }, 'category', 'Choose a category'],
    [
      'more than 10 tags',
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      'tags',
      'Add at most 10 tags',
    ],
    [
      'an academic post without a subject',
      { category: 'academic' },
      'subjectSlug',
      'Choose a subject for an academic post',
    ],
    [
      'an academic post with an unknown subject',
      { category: 'academic', subjectSlug: 'astrology' },
      'subjectSlug',
      'Choose a subject from the list',
    ],
  ])('refuses %s', async (_, fields, field, message) => {
    const before = (await postsOf(writer.id)).length
    const res = await req('POST', '/api/posts', writer.cookie, valid(fields))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ [field]: message })
    expect((await postsOf(writer.id)).length).toBe(before)
  })

  it('keeps the subject of an academic post, and drops it from the others', async () => {
    const academic = await create(writer, { category: 'academic', subjectSlug: 'physics', title: 'Optics' })
    expect((await rowOf(academic.id)).subjectSlug).toBe('physics')
    const story = await create(writer, { category: 'true-story', subjectSlug: 'physics', title: 'My trip' })
    expect((await rowOf(story.id)).subjectSlug).toBeNull()
  })

  it('makes slugs unique per author, not across authors', async () => {
    const title = `Same title ${randomUUID().slice(0, 4)}`
    const a = await create(writer, { title })
    const b = await create(writer, { title })
    const c = await create(writer, { title: `${title}!` })
    const d = await create(other, { title })
    const base = slugify(title)
    expect([a.slug, b.slug, c.slug, d.slug]).toEqual([base, `${base}-2`, `${base}-3`, base])
  })

  it('keeps slugs ASCII and at most 80 characters, suffix included', async () => {
    expect(slugify('¿Qué tal? — Ça va!')).toBe('que-tal-ca-va')
    expect(slugify('!!!')).toBe('post')
    const long = 'word '.repeat(29)
    const first = await create(writer, { title: long })
    const second = await create(writer, { title: long })
    expect(first.slug.length).toBeLessThanOrEqual(80)
    expect(second.slug).toMatch(/-2$/)
    expect(second.slug.length).toBeLessThanOrEqual(80)
  })
})

describe('GET and PATCH /api/posts/:id', () => {
  it('another writer gets 404 and changes nothing; the author and admins can edit', async () => {
    const draft = await create(writer)
    const before = await rowOf(draft.id)
    expect((await req('GET', `/api/posts/${draft.id}`, other.cookie)).statusCode).toBe(404)
    const res = await req('PATCH', `/api/posts/${draft.id}`, other.cookie, valid({ title: 'Hijacked' }))
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
    expect(await rowOf(draft.id)).toEqual(before)

    const mine = await req(
      'PATCH',
      `/api/posts/${draft.id}`,
      writer.cookie,
      valid({ title: 'Renamed draft' }),
    )
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ title: 'Renamed draft', slug: 'renamed-draft', status: 'draft' })
    expect((await req('GET', `/api/posts/${draft.id}`, writer.cookie)).json().title).toBe('Renamed draft')

    const byAdmin = await req('PATCH', `/api/posts/${draft.id}`, admin.cookie, valid({ title: 'Fixed typo' }))
    expect(byAdmin.statusCode).toBe(200)
    expect((await rowOf(draft.id)).title).toBe('Fixed typo')
  })

  it('answers 400 for bad input and 404 for an unknown post', async () => {
    const draft = await create(writer)
    const before = await rowOf(draft.id)
    const bad = await req('PATCH', `/api/posts/${draft.id}`, writer.cookie, valid({ title: '' }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ title: 'Add a title' })
    expect(await rowOf(draft.id)).toEqual(before)
    expect((await req('PATCH', `/api/posts/${randomUUID()}`, writer.cookie, valid())).statusCode).toBe(404)
    expect((await req('PATCH', '/api/posts/nope', writer.cookie, valid())).statusCode).toBe(400)
  })

  it('sanitizes the body on every save', async () => {
    const draft = await create(writer)
    const res = await req(
      'PATCH',
      `/api/posts/${draft.id}`,
      writer.cookie,
      valid({ bodyHtml: '<a href="javascript:alert(1)" style="x">x</a><iframe src="/"></iframe>' }),
    )
    expect(res.json().bodyHtml).toBe('<a>x</a>')
    expect((await rowOf(draft.id)).bodyHtml).toBe('<a>x</a>')
  })

  it('sends a published post its author edits back to review, keeping its address', async () => {
    const p = await published(writer, { title: 'Live post' })
    const res = await req('PATCH', `/api/posts/${p.id}`, writer.cookie, valid({ title: 'Live post, edited' }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'pending', slug: p.slug })
    expect((await req('GET', `/api/posts/by/${writer.id}/${p.slug}`, other.cookie)).statusCode).toBe(404)
  })

  it('an admin editing a published post leaves it published', async () => {
    const p = await published(writer, { title: 'Admin fixes me' })
    const res = await req('PATCH', `/api/posts/${p.id}`, admin.cookie, valid({ title: 'Admin fixed me' }))
    expect(res.json().status).toBe('published')
  })
})

describe('POST /api/posts/:id/submit', () => {
  it('sends a draft to review; only its author may, and only once', async () => {
    const draft = await create(writer)
    expect((await req('POST', `/api/posts/${draft.id}/submit`, other.cookie)).statusCode).toBe(404)
    expect((await req('POST', `/api/posts/${draft.id}/submit`, admin.cookie)).statusCode).toBe(403)
    expect((await rowOf(draft.id)).status).toBe('draft')

    const res = await req('POST', `/api/posts/${draft.id}/submit`, writer.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'pending', publishedAt: null })
    const again = await req('POST', `/api/posts/${draft.id}/submit`, writer.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('conflict')
  })

  it("publishes an admin's own post at once", async () => {
    const draft = await create(admin, { title: 'From the editors' })
    const res = await req('POST', `/api/posts/${draft.id}/submit`, admin.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('published')
    expect((await rowOf(draft.id)).publishedAt).toBeInstanceOf(Date)
  })

  it('resubmits a rejected post, clearing the reason', async () => {
    const p = await pending()
    await req('POST', `/api/admin/posts/${p.id}/reject`, admin.cookie, { reason: 'Needs sources' })
    const res = await req('POST', `/api/posts/${p.id}/submit`, writer.cookie)
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null })
  })
})

describe('DELETE /api/posts/:id', () => {
  it('another writer gets 404; the author and admins delete', async () => {
    const a = await create(writer)
    expect((await req('DELETE', `/api/posts/${a.id}`, other.cookie)).statusCode).toBe(404)
    expect(await rowOf(a.id)).toBeDefined()
    const res = await req('DELETE', `/api/posts/${a.id}`, writer.cookie)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(await rowOf(a.id)).toBeUndefined()

    const b = await create(writer)
    expect((await req('DELETE', `/api/posts/${b.id}`, admin.cookie)).statusCode).toBe(204)
    expect(await rowOf(b.id)).toBeUndefined()
    expect((await req('DELETE', `/api/posts/${b.id}`, admin.cookie)).statusCode).toBe(404)
  })
})

describe('GET /api/me/posts', () => {
  it('lists only my posts, newest change first, paged by key, filtered by status', async () => {
    const me = await createUser(t, { name: 'Lister' })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await create(me, { title: `Mine ${i}` })).id)
    await create(other, { title: 'Not mine' })
    // Touching the first one moves it to the top.
    await req('PATCH', `/api/posts/${ids[0]}`, me.cookie, valid({ title: 'Mine 0 again' }))
    await req('POST', `/api/posts/${ids[1]}/submit`, me.cookie)

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res = await req('GET', `/api/me/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`, me.cookie)
      expect(res.statusCode).toBe(200)
      const page = res.json()
      for (const item of page.items) expect(item).not.toHaveProperty('bodyHtml')
      seen.push(...page.items.map((i: { id: string }) => i.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([ids[1], ids[0], ids[4], ids[3], ids[2]])

    const onlyPending = (await req('GET', '/api/me/posts?status=pending', me.cookie)).json()
    expect(onlyPending.items.map((i: { id: string }) => i.id)).toEqual([ids[1]])
  })

  it('answers 400 for bad paging or an unknown status', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['status=lost', 'status'],
      ['cursor=not-a-cursor', 'cursor'],
    ]) {
      const res = await req('GET', `/api/me/posts?${query}`, writer.cookie)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().error.fields), query).toEqual([field])
    }
  })
})

describe('GET /api/posts/by/:writerId/:slug', () => {
  const read = (p: { authorId: string; slug: string }, cookie?: string) =>
    req('GET', `/api/posts/by/${p.authorId}/${p.slug}`, cookie)

  it('shows a published free post to anyone, signed in or not', async () => {
    const p = await published(writer, { title: 'Open to all' })
    for (const cookie of [undefined, other.cookie]) {
      const res = await read(p, cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        id: p.id,
        author: { id: writer.id, name: 'Wanjiru Writer', image: null },
        status: 'published',
        bodyHtml: '<p>The <strong>sea</strong> was calm.</p>',
        locked: false,
      })
      expect(res.json()).not.toHaveProperty('rejectionReason')
    }
  })

  it('tells each reader what they may do to it: its author and admins edit, admins feature, others report', async () => {
    const p = await published(writer, { title: 'Whose move' })
    const flags = async (cookie?: string) => {
      const { canEdit, canFeature, canReport } = (await read(p, cookie)).json()
      return { canEdit, canFeature, canReport }
    }
    expect(await flags()).toEqual({ canEdit: false, canFeature: false, canReport: false })
    expect(await flags(other.cookie)).toEqual({ canEdit: false, canFeature: false, canReport: true })
    expect(await flags(writer.cookie)).toEqual({ canEdit: true, canFeature: false, canReport: false })
    expect(await flags(admin.cookie)).toEqual({ canEdit: true, canFeature: true, canReport: true })
  })

  it('never shows a draft, pending or rejected post to others (404), only to its author and admins', async () => {
    const secret = 'UNPUBLISHED-SECRET-TEXT'
    const draft = await create(writer, { bodyHtml: `<p>${secret}</p>`, title: 'Draft secret' })
    const waiting = await pending(writer, { bodyHtml: `<p>${secret}</p>`, title: 'Pending secret' })
    const rejected = await pending(writer, { bodyHtml: `<p>${secret}</p>`, title: 'Rejected secret' })
    await req('POST', `/api/admin/posts/${rejected.id}/reject`, admin.cookie, { reason: 'No' })
    for (const p of [draft, waiting, rejected]) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await read(p, cookie)
        expect(res.statusCode).toBe(404)
        expect(res.body).not.toContain(secret)
      }
      expect((await read(p, writer.cookie)).json().bodyHtml).toContain(secret)
      expect((await read(p, admin.cookie)).json().bodyHtml).toContain(secret)
    }
    expect((await req('GET', `/api/posts/by/${other.id}/${draft.slug}`)).statusCode).toBe(404)
  })

  it('never sends a subscribers-only body to a reader who is not entitled', async () => {
    const secret = 'SUBSCRIBERS-ONLY-BODY-TEXT'
    const p = await published(writer, {
      title: 'For subscribers',
      access: 'subscribers',
      excerpt: 'A teaser.',
      bodyHtml: `<p>${secret}</p>`,
    })
    for (const cookie of [undefined, other.cookie]) {
      const res = await read(p, cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ bodyHtml: null, locked: true, excerpt: 'A teaser.' })
      expect(res.body).not.toContain(secret)
      expect(res.body).not.toContain('SUBSCRIBERS-ONLY')
    }
    for (const cookie of [writer.cookie, admin.cookie]) {
      expect((await read(p, cookie)).json()).toMatchObject({ bodyHtml: `<p>${secret}</p>`, locked: false })
    }
  })
})

describe('review: /api/admin/review, approve, reject', () => {
  it('lists pending posts, the longest waiting first, without bodies, paged by key', async () => {
    const first = await pending(writer, { title: 'Queue one' })
    const second = await pending(other, { title: 'Queue two' })
    await create(writer, { title: 'Queue draft' })
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const res = await req(
        'GET',
        `/api/admin/review?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        admin.cookie,
      )
      expect(res.statusCode).toBe(200)
      const page = res.json()
      for (const item of page.items) {
        expect(item.status).toBe('pending')
        expect(item).not.toHaveProperty('bodyHtml')
        // Who wrote it comes with the item (no request per card), and nothing private about them.
        expect(Object.keys(item.author).sort()).toEqual(['id', 'image', 'name'])
        expect(item.author.id).toBe(item.authorId)
        const known = [writer, other].find((u) => u.id === item.authorId)
        if (known) expect(item.author.name).toBe(known.name)
      }
      ids.push(...page.items.map((i: { id: string }) => i.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    expect(new Set(ids).size).toBe(ids.length)
    const pendingRows = await t.database.db.select().from(post).where(eq(post.status, 'pending'))
    expect(ids.sort()).toEqual(pendingRows.map((r) => r.id).sort())
  })

  it('approves: published, dated, and the author is notified with a link to the post', async () => {
    const p = await pending(writer, { title: 'Approve me' })
    const res = await req('POST', `/api/admin/posts/${p.id}/approve`, admin.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('published')
    const row = await rowOf(p.id)
    expect(row.status).toBe('published')
    expect(row.publishedAt).toBeInstanceOf(Date)
    const [note] = await t.database.db
      .select()
      .from(notification)
      .where(
        and(eq(notification.writerId, writer.id), eq(notification.link, `/learn/${writer.id}/${p.slug}`)),
      )
    expect(note).toMatchObject({ kind: 'item_approved', message: 'Your post “Approve me” is published.' })
    expect((await req('GET', `/api/posts/by/${writer.id}/${p.slug}`)).statusCode).toBe(200)
  })

  it('rejects with a reason, which the author reads in the notification', async () => {
    const p = await pending(writer, { title: 'Reject me' })
    const res = await req('POST', `/api/admin/posts/${p.id}/reject`, admin.cookie, {
      reason: ' Cite your sources. ',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Cite your sources.' })
    expect(await rowOf(p.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Cite your sources.' })
    const notes = (await notificationsOf(writer.id)).filter((n) => n.link === `/post?id=${p.id}`)
    expect(notes).toHaveLength(1)
    expect(notes[0].kind).toBe('item_rejected')
    expect(notes[0].message).toContain('Reject me')
    expect(notes[0].message).toContain('Cite your sources.')
  })

  it('answers 400 for a missing or long reason, changing and notifying nothing', async () => {
    const p = await pending(writer, { title: 'Bad reason' })
    const before = (await notificationsOf(writer.id)).length
    for (const [body, message] of [
      [{ reason: '  ' }, 'Tell the author why'],
      [{}, 'Tell the author why'],
      [{ reason: 'x'.repeat(501) }, 'Keep the reason under 500 characters'],
    ] as const) {
      const res = await req('POST', `/api/admin/posts/${p.id}/reject`, admin.cookie, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ reason: message })
    }
    expect((await rowOf(p.id)).status).toBe('pending')
    expect((await notificationsOf(writer.id)).length).toBe(before)
  })

  it('answers 409 for a post that is not pending and 404 for an unknown one, notifying nobody', async () => {
    const draft = await create(writer)
    const live = await published(writer, { title: 'Already live' })
    const before = (await notificationsOf(writer.id)).length
    for (const p of [draft, live]) {
      expect((await req('POST', `/api/admin/posts/${p.id}/approve`, admin.cookie)).statusCode).toBe(409)
      expect(
        (await req('POST', `/api/admin/posts/${p.id}/reject`, admin.cookie, { reason: 'No' })).statusCode,
      ).toBe(409)
    }
    expect((await req('POST', `/api/admin/posts/${randomUUID()}/approve`, admin.cookie)).statusCode).toBe(404)
    expect((await rowOf(draft.id)).status).toBe('draft')
    expect((await rowOf(live.id)).status).toBe('published')
    expect((await notificationsOf(writer.id)).length).toBe(before)
  })
})
