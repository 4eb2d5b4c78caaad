import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMENT_MAX_LENGTH, COMMENT_RATE_LIMIT } from '#common/constants.ts'
import {
  notification,
  post,
  postComment,
  postLike,
  postView,
  requestCounter,
} from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let writer: TestUser
let reader: TestUser
let other: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  reader = await createUser(t, { name: 'Rosa Reader' })
  other = await createUser(t, { name: 'Otto Other' })
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const req = (
  method: Method,
  url: string,
  cookie?: string,
  body?: unknown,
  headers?: Record<string, string>,
) => t.request({ method, url, cookie, body, headers })

interface Created {
  id: string
  slug: string
  title: string
}

async function draft(title = 'Waves and tides'): Promise<Created> {
  const res = await req('POST', '/api/posts', writer.cookie, {
    title,
    category: 'fiction',
    bodyHtml: '<p>Sea</p>',
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function published(title?: string): Promise<Created> {
  const p = await draft(title)
  expect((await req('POST', `/api/posts/${p.id}/submit`, writer.cookie)).statusCode).toBe(200)
  expect((await req('POST', `/api/admin/posts/${p.id}/approve`, admin.cookie)).statusCode).toBe(200)
  return p
}

async function comment(postId: string, by: TestUser, body = 'Lovely piece') {
  const res = await req('POST', `/api/posts/${postId}/comments`, by.cookie, { body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; body: string }
}

const readPublic = (p: Created, cookie?: string) => req('GET', `/api/posts/by/${writer.id}/${p.slug}`, cookie)
const commentRows = (postId: string) =>
  t.database.db.select().from(postComment).where(eq(postComment.postId, postId))
const commentNotifications = async (userId: string) =>
  (await t.database.db.select().from(notification).where(eq(notification.writerId, userId))).filter(
    (n) => n.kind === 'comment',
  )

describe('guards', () => {
  const id = randomUUID()
  it.each<[Method, string, unknown]>([
    ['PUT', `/api/posts/${id}/like`, undefined],
    ['DELETE', `/api/posts/${id}/like`, undefined],
    ['POST', `/api/posts/${id}/comments`, { body: 'Hi' }],
    ['POST', `/api/posts/${id}/comments`, { body: '' }],
    ['PATCH', `/api/comments/${id}`, { body: 'Hi' }],
    ['DELETE', `/api/comments/${id}`, undefined],
  ])('%s %s answers 401 when signed out', async (method, url, body) => {
    const res = await req(method, url, undefined, body)
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it.each<[Method, string, unknown]>([
    ['PUT', `/api/posts/${id}/like`, undefined],
    ['DELETE', `/api/posts/${id}/like`, undefined],
    ['GET', `/api/posts/${id}/comments`, undefined],
    ['POST', `/api/posts/${id}/comments`, { body: 'Hi' }],
    ['POST', `/api/posts/${id}/views`, undefined],
    ['PATCH', `/api/comments/${id}`, { body: 'Hi' }],
    ['DELETE', `/api/comments/${id}`, undefined],
  ])('%s %s answers 404 for a post or comment that does not exist', async (method, url, body) => {
    const res = await req(method, url, reader.cookie, body)
    expect(res.statusCode).toBe(404)
  })

  it('refuses a cross-origin view', async () => {
    const p = await published('Cross origin')
    const res = await req('POST', `/api/posts/${p.id}/views`, undefined, undefined, {
      origin: 'https://evil.example',
    })
    expect(res.statusCode).toBe(403)
    expect(await t.database.db.select().from(postView).where(eq(postView.postId, p.id))).toHaveLength(0)
  })
})

describe('a draft', () => {
  it('is 404 to others for likes, comments and views, and writes nothing', async () => {
    const p = await draft('Secret draft')
    for (const [method, url, body] of [
      ['PUT', `/api/posts/${p.id}/like`, undefined],
      ['GET', `/api/posts/${p.id}/comments`, undefined],
      ['POST', `/api/posts/${p.id}/comments`, { body: 'Hi' }],
      ['POST', `/api/posts/${p.id}/views`, undefined],
    ] as Array<[Method, string, unknown]>) {
      expect((await req(method, url, reader.cookie, body)).statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await req('GET', `/api/posts/${p.id}/comments`)).statusCode).toBe(404)
    expect(await t.database.db.select().from(postLike).where(eq(postLike.postId, p.id))).toHaveLength(0)
    expect(await commentRows(p.id)).toHaveLength(0)
  })

  it('can be liked and commented on by its author and admins', async () => {
    const p = await draft('Own draft')
    expect((await req('PUT', `/api/posts/${p.id}/like`, writer.cookie)).json()).toEqual({
      liked: true,
      likes: 1,
    })
    await comment(p.id, admin, 'Needs a conclusion')
    expect((await req('GET', `/api/posts/${p.id}/comments`, writer.cookie)).json().items).toHaveLength(1)
  })
})

describe('likes', () => {
  it('are idempotent both ways and show on the public post', async () => {
    const p = await published('Likeable')
    const like = () => req('PUT', `/api/posts/${p.id}/like`, reader.cookie)
    expect((await like()).json()).toEqual({ liked: true, likes: 1 })
    expect((await like()).json()).toEqual({ liked: true, likes: 1 })
    expect((await req('PUT', `/api/posts/${p.id}/like`, other.cookie)).json()).toEqual({
      liked: true,
      likes: 2,
    })

    expect((await readPublic(p, reader.cookie)).json()).toMatchObject({ likes: 2, liked: true })
    expect((await readPublic(p)).json()).toMatchObject({ likes: 2, liked: false, comments: 0, views: 0 })

    const unlike = () => req('DELETE', `/api/posts/${p.id}/like`, reader.cookie)
    expect((await unlike()).json()).toEqual({ liked: false, likes: 1 })
    expect((await unlike()).json()).toEqual({ liked: false, likes: 1 })
    expect(await t.database.db.select().from(postLike).where(eq(postLike.postId, p.id))).toHaveLength(1)
  })

  it('answers 400 for a malformed post id', async () => {
    expect((await req('PUT', '/api/posts/not-a-uuid/like', reader.cookie)).statusCode).toBe(400)
  })
})

describe('comments', () => {
  it('adds a trimmed plain-text comment and notifies the post author', async () => {
    const p = await published('Commentable')
    const before = (await commentNotifications(writer.id)).length
    const res = await req('POST', `/api/posts/${p.id}/comments`, reader.cookie, { body: '  <b>Nice</b>  ' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      postId: p.id,
      author: { id: reader.id, name: 'Rosa Reader', image: null },
      body: '<b>Nice</b>',
      canEdit: true,
      canDelete: true,
    })
    const notes = await commentNotifications(writer.id)
    expect(notes).toHaveLength(before + 1)
    expect(notes.at(-1)).toMatchObject({
      message: 'Rosa Reader commented on “Commentable”',
      link: `/learn/${writer.id}/${p.slug}`,
      isRead: false,
    })
    expect((await readPublic(p)).json().comments).toBe(1)
  })

  it('does not notify the author of their own comment', async () => {
    const p = await published('Self comment')
    const before = (await commentNotifications(writer.id)).length
    await comment(p.id, writer, 'Thanks for reading')
    expect(await commentNotifications(writer.id)).toHaveLength(before)
  })

  it.each([
    ['an empty body', { body: '' }],
    ['only spaces', { body: '   ' }],
    ['a body too long', { body: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }],
    ['no body', {}],
  ])('answers 400 for %s and writes nothing', async (_, body) => {
    const p = await published('Bad input')
    const res = await req('POST', `/api/posts/${p.id}/comments`, reader.cookie, body)
    expect(res.statusCode).toBe(400)
    expect(await commentRows(p.id)).toHaveLength(0)
  })

  it('accepts a body of exactly the maximum length', async () => {
    const p = await published('Long comment')
    await comment(p.id, reader, 'x'.repeat(COMMENT_MAX_LENGTH))
  })

  it('lists oldest first, page by page, with permissions relative to the caller', async () => {
    const p = await published('Paged')
    const ids = []
    for (let i = 1; i <= 5; i++) ids.push((await comment(p.id, i % 2 ? reader : other, `Comment ${i}`)).id)
    const first = (await req('GET', `/api/posts/${p.id}/comments?limit=2`, reader.cookie)).json()
    expect(first.items.map((c: { body: string }) => c.body)).toEqual(['Comment 1', 'Comment 2'])
    expect(first.items.map((c: { canEdit: boolean }) => c.canEdit)).toEqual([true, false])
    const seen = [...first.items]
    let cursor = first.nextCursor
    while (cursor) {
      const page = (await req('GET', `/api/posts/${p.id}/comments?limit=2&cursor=${cursor}`)).json()
      seen.push(...page.items)
      cursor = page.nextCursor
    }
    expect(seen.map((c) => c.id)).toEqual(ids)
    // Signed out: nothing is editable; an admin may delete but not edit.
    expect(seen.slice(2).every((c) => !c.canEdit && !c.canDelete)).toBe(true)
    const asAdmin = (await req('GET', `/api/posts/${p.id}/comments`, admin.cookie)).json().items
    expect(asAdmin.every((c: { canEdit: boolean; canDelete: boolean }) => !c.canEdit && c.canDelete)).toBe(
      true,
    )
  })

  it('answers 400 for a bad cursor or limit', async () => {
    const p = await published('Bad cursor')
    expect((await req('GET', `/api/posts/${p.id}/comments?cursor=nonsense`)).statusCode).toBe(400)
    expect((await req('GET', `/api/posts/${p.id}/comments?limit=0`)).statusCode).toBe(400)
  })

  it('are edited by their author only (not by admins) and deleted by their author or an admin', async () => {
    const p = await published('Edits')
    const mine = await comment(p.id, reader, 'First thought')

    for (const someone of [other, admin, writer]) {
      const res = await req('PATCH', `/api/comments/${mine.id}`, someone.cookie, { body: 'Hijacked' })
      expect(res.statusCode).toBe(403)
    }
    expect((await req('PATCH', `/api/comments/${mine.id}`, reader.cookie, { body: '' })).statusCode).toBe(400)
    const edited = await req('PATCH', `/api/comments/${mine.id}`, reader.cookie, { body: ' Second thought ' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ body: 'Second thought', canEdit: true })
    expect((await commentRows(p.id))[0].body).toBe('Second thought')

    expect((await req('DELETE', `/api/comments/${mine.id}`, other.cookie)).statusCode).toBe(403)
    expect((await req('DELETE', `/api/comments/${mine.id}`, writer.cookie)).statusCode).toBe(403)
    expect(await commentRows(p.id)).toHaveLength(1)
    expect((await req('DELETE', `/api/comments/${mine.id}`, reader.cookie)).statusCode).toBe(204)
    expect(await commentRows(p.id)).toHaveLength(0)

    const theirs = await comment(p.id, other, 'Spam')
    expect((await req('DELETE', `/api/comments/${theirs.id}`, admin.cookie)).statusCode).toBe(204)
    expect(await commentRows(p.id)).toHaveLength(0)
  })
})

describe('views', () => {
  it('count once per reader per day', async () => {
    const p = await published('Viewed')
    const view = (cookie?: string, headers?: Record<string, string>) =>
      req('POST', `/api/posts/${p.id}/views`, cookie, undefined, headers)
    expect((await view(reader.cookie)).json()).toEqual({ views: 1 })
    expect((await view(reader.cookie)).json()).toEqual({ views: 1 })
    expect((await view(other.cookie)).json()).toEqual({ views: 2 })
    // Signed out: one reader per IP and user agent.
    expect((await view(undefined, { 'user-agent': 'Browser A' })).json()).toEqual({ views: 3 })
    expect((await view(undefined, { 'user-agent': 'Browser A' })).json()).toEqual({ views: 3 })
    expect((await view(undefined, { 'user-agent': 'Browser B' })).json()).toEqual({ views: 4 })
    expect((await readPublic(p)).json().views).toBe(4)
    const keys = (await t.database.db.select().from(postView).where(eq(postView.postId, p.id))).map(
      (r) => r.viewerKey,
    )
    expect(keys.some((k) => k.includes('Browser'))).toBe(false)
  })
})

describe('counters', () => {
  const counters = async (postId: string) => {
    const [row] = await t.database.db
      .select({
        likes: post.likeCount,
        comments: post.commentCount,
        views: post.viewCount,
        score: post.score,
      })
      .from(post)
      .where(eq(post.id, postId))
    return row
  }

  it('follow likes, unlikes, comments, comment deletes and views, and are what readers see', async () => {
    const p = await published('Counted')
    expect(await counters(p.id)).toEqual({ likes: 0, comments: 0, views: 0, score: 0 })

    await req('PUT', `/api/posts/${p.id}/like`, reader.cookie)
    await req('PUT', `/api/posts/${p.id}/like`, reader.cookie)
    await req('PUT', `/api/posts/${p.id}/like`, other.cookie)
    const first = await comment(p.id, reader)
    await comment(p.id, other)
    await req('POST', `/api/posts/${p.id}/views`, reader.cookie)
    await req('POST', `/api/posts/${p.id}/views`, reader.cookie)
    await req('POST', `/api/posts/${p.id}/views`, other.cookie)
    expect(await counters(p.id)).toEqual({ likes: 2, comments: 2, views: 2, score: 2 * 5 + 2 * 3 + 2 })

    await req('DELETE', `/api/posts/${p.id}/like`, reader.cookie)
    await req('DELETE', `/api/posts/${p.id}/like`, reader.cookie)
    expect((await req('DELETE', `/api/comments/${first.id}`, admin.cookie)).statusCode).toBe(204)
    expect(await counters(p.id)).toEqual({ likes: 1, comments: 1, views: 2, score: 5 + 3 + 2 })
    expect((await readPublic(p, other.cookie)).json()).toMatchObject({
      likes: 1,
      liked: true,
      comments: 1,
      views: 2,
    })
    const card = (await req('GET', `/api/posts?writer=${writer.id}&limit=1`)).json().items[0]
    expect(card).toMatchObject({ id: p.id, likes: 1, comments: 1, views: 2 })
  })
})

describe('comment rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it(`accepts ${COMMENT_RATE_LIMIT.max} comments a minute from one person, then answers 429 and writes nothing`, async () => {
    const author = await createUser(limited, { name: 'Limited Writer', role: 'admin' })
    const chatty = await createUser(limited, { name: 'Chatty Reader' })
    const calm = await createUser(limited, { name: 'Calm Reader' })
    const created = await limited.request({
      method: 'POST',
      url: '/api/posts',
      cookie: author.cookie,
      body: { title: 'Busy thread', category: 'fiction', bodyHtml: '<p>Talk</p>' },
    })
    const postId: string = created.json().id
    // An admin's own post is published on submit.
    await limited.request({ method: 'POST', url: `/api/posts/${postId}/submit`, cookie: author.cookie })
    const send = (who: TestUser) =>
      limited.request({
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        cookie: who.cookie,
        body: { body: 'Hi' },
      })
    const written = async () =>
      (await limited.database.db.select().from(postComment).where(eq(postComment.postId, postId))).length

    for (let i = 0; i < COMMENT_RATE_LIMIT.max; i++) expect((await send(chatty)).statusCode).toBe(201)
    const blocked = await send(chatty)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('rate_limited')
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(COMMENT_RATE_LIMIT.windowSeconds)
    expect(await written()).toBe(COMMENT_RATE_LIMIT.max)

    // Counted per person, not per address: another reader on the same address still comments.
    expect((await send(calm)).statusCode).toBe(201)
    expect(await written()).toBe(COMMENT_RATE_LIMIT.max + 1)
    const keys = (await limited.database.db.select().from(requestCounter)).map((c) => c.key)
    expect(keys).toContain(`POST/api/posts/:id/comments:user:${chatty.id}`)

    // Once the window has passed, the first person may comment again.
    await limited.database.db.update(requestCounter).set({ resetAt: new Date(Date.now() - 1000) })
    expect((await send(chatty)).statusCode).toBe(201)
  })
})
