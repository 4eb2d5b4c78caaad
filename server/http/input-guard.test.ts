import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exam, forumThread, post, profile, user } from '#server/db/schema/index.ts'
import { validExam } from '#server/modules/exams/exams.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPaths, TOO_DEEP_MESSAGE } from './input-guard.ts'

let t: TestApp
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  writer = await createUser(t, { name: 'Grace Okafor' })
})
afterAll(() => t.close())

const made = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url')
const UUID = '3f1c2b4a-0000-4000-8000-000000000001'

describe('controlCharacterPaths', () => {
  it('names every string and key that holds a control character, and nothing else', () => {
    expect(
      controlCharacterPaths({
        title: 'fine',
        bio: 'a\u0000b',
        text: 'tabs\tand\nlines\r\nstay',
        questions: [{ prompt: 'ok' }, { prompt: 'bell\u0007' }],
        'key\u0001': 'value',
        n: 1,
      }),
    ).toEqual(expect.arrayContaining(['bio', 'questions.1.prompt', 'key\u0001']))
  })

  it('walks thousands of levels without overflowing, and says when a value nests too deeply', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`)
    expect(controlCharacterPaths(deep)).toBeNull()
    expect(controlCharacterPaths({ a: [{ b: ['ok'] }] })).toEqual([])
  })
})

describe('control characters in a request', () => {
  it('refuse a NUL in a JSON field with a 400 on that field, and write nothing', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/me',
      body: { bio: 'a\u0000b' },
      cookie: writer.cookie,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Some fields need your attention',
        fields: { bio: CONTROL_CHARACTER_MESSAGE },
      },
    })
    const [row] = await t.database.db.select().from(profile).where(eq(profile.userId, writer.id))
    expect(row.bio).toBe('')
  })

  it('refuse other C0 controls, deep in a body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: writer.cookie,
      body: { title: 'A title', category: 'fiction', tags: ['ok', 'esc\u001b'] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ 'tags.1': CONTROL_CHARACTER_MESSAGE })
    expect(await t.database.db.select().from(post)).toEqual([])
  })

  it('refuse a NUL in the query and in the path', async () => {
    const query = await t.request({ method: 'GET', url: '/api/posts?tag=a%00b' })
    expect(query.statusCode).toBe(400)
    expect(query.json().error.fields).toEqual({ tag: CONTROL_CHARACTER_MESSAGE })
    const path = await t.request({ method: 'GET', url: '/api/writers/%00' })
    expect(path.statusCode).toBe(400)
    expect(path.json().error.fields).toEqual({ writerId: CONTROL_CHARACTER_MESSAGE })
  })

  it("reach Better Auth's routes too: sign-up with a NUL in the name creates no account", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      body: { name: 'Nul\u0000Name', email: 'nul@example.com', password: 'correct horse battery' },
    })
    expect(res.statusCode).toBe(400)
    expect(await t.database.db.select().from(user).where(eq(user.email, 'nul@example.com'))).toEqual([])
  })

  it('refuse JSON nested thousands deep with a 400, on any route, Better Auth included', async () => {
    for (const url of ['/api/posts', '/api/auth/sign-in/email']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: 'http://localhost:3000',
          'content-type': 'application/json',
          cookie: writer.cookie,
        },
        payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ body: TOO_DEEP_MESSAGE })
    }
  })

  it('keep tabs and line breaks', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/me',
      body: { bio: 'Line one\nLine\ttwo' },
      cookie: writer.cookie,
    })
    expect(res.statusCode).toBe(200)
  })

  it('still answer a signed-out caller with 401 first', async () => {
    const res = await t.request({ method: 'PATCH', url: '/api/me', body: { bio: 'a\u0000b' } })
    expect(res.statusCode).toBe(401)
  })
})

describe('hand-made page cursors', () => {
  it.each([
    ['a year-0 time on the feed', `/api/posts?cursor=${made('d', '0000-01-01T00:00:00.000Z', UUID)}`],
    [
      'a year-0 time on the notifications',
      `/api/notifications?cursor=${made('d', '0000-01-01T00:00:00.000Z', UUID)}`,
    ],
    [
      'a score past the integer range on writer search',
      `/api/search/writers?q=grace&cursor=${made('n', 9007199254740991, UUID)}`,
    ],
    [
      'a NUL inside a string key on the writers directory',
      `/api/writers?cursor=${made('s', 'a\u0000', UUID)}`,
    ],
    [
      'a rank that is not a decimal on post search',
      `/api/search/posts?q=grace&cursor=${made('s', '1e400', UUID)}`,
    ],
  ])('refuse %s with a 400 on the cursor', async (_, url) => {
    const res = await t.request({ method: 'GET', url, cookie: writer.cookie })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ cursor: 'Invalid cursor' })
  })
})

describe('invisible text', () => {
  const ZWSP = '\u200B\u200B\u200B'

  it.each([
    ['a post title', 'POST', '/api/posts', { title: ZWSP, category: 'fiction' }, 'title', 'Add a title'],
    [
      'a thread title',
      'POST',
      '/api/forum/subjects/physics/threads',
      { title: ZWSP, bodyHtml: '<p>Why?</p>' },
      'title',
      'Give your thread a title',
    ],
    ['an exam title', 'POST', '/api/exams', validExam({ title: ZWSP }), 'title', 'Add a title'],
    ['a display name', 'PATCH', '/api/me', { name: ZWSP }, 'name', 'Enter your name'],
  ] as const)(
    'is not %s: a 400 on the field, nothing written',
    async (_, method, url, body, field, message) => {
      const res = await t.request({ method, url, body, cookie: writer.cookie })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields[field]).toBe(message)
      const db = t.database.db
      expect(await db.select().from(post)).toEqual([])
      expect(await db.select().from(forumThread)).toEqual([])
      expect(await db.select().from(exam)).toEqual([])
      const [me] = await db.select().from(user).where(eq(user.id, writer.id))
      expect(me.name).toBe('Grace Okafor')
    },
  )

  it('is not a thread body either', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/forum/subjects/physics/threads',
      body: { title: 'Why?', bodyHtml: '<p>\u200B</p><p>&#8203;&nbsp;</p>' },
      cookie: writer.cookie,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ bodyHtml: 'Write something' })
    expect(await t.database.db.select().from(forumThread)).toEqual([])
  })

  it('is not a name at sign-up either', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      body: { name: ZWSP, email: 'zwsp@example.com', password: 'correct horse battery' },
    })
    expect(res.statusCode).toBe(400)
    expect(await t.database.db.select().from(user).where(eq(user.email, 'zwsp@example.com'))).toEqual([])
  })

  it('is trimmed from the ends of a title that has words', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/posts',
      body: { title: '\u200B Light and shadow \uFEFF', category: 'fiction' },
      cookie: writer.cookie,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().title).toBe('Light and shadow')
  })
})
