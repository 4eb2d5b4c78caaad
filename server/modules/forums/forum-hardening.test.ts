import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FORUM_BODY_MAX_LENGTH,
  RICH_TEXT_NESTING_MAX,
  RICH_TEXT_RAW_FACTOR,
  RICH_TEXT_WRITE_RATE_LIMIT,
} from '#common/constants.ts'
import { forumThread } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ForumFixtures, forumFixtures } from './forums.fixtures.ts'

// Forum bodies go through the posts' sanitizer with the same rules: nesting bounded, the length
// limit on what is stored (so a stored body saves again), and edits rate-limited per person.

/** `length` characters whose every `<` becomes `&lt;` when sanitized: 3 more per `<`. */
const growing = (length: number, lts: number) => {
  const body = `<p>${'1 < 2 '.repeat(lts)}`
  return `${body}${'x'.repeat(length - body.length - 4)}</p>`
}

let t: TestApp
let f: ForumFixtures
let rosa: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = forumFixtures(t)
  rosa = await createUser(t, { name: 'Rosa' })
})
afterAll(() => t.close())

describe('forum bodies', () => {
  it('refuses nesting past the limit in a thread and in a reply, writing nothing', async () => {
    const crafted = '<ol><li><p>'.repeat(4_000)
    const threads = (await t.database.db.select().from(forumThread)).length
    const res = await f.req('POST', '/api/forum/subjects/physics/threads', rosa.cookie, {
      title: 'Deep',
      bodyHtml: crafted,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.bodyHtml).toBe(
      `The formatting nests more than ${RICH_TEXT_NESTING_MAX} levels deep: flatten some lists or quotes`,
    )
    expect(await t.database.db.select().from(forumThread)).toHaveLength(threads)

    const thread = await f.createThread(rosa, { title: 'Shallow' })
    const reply = await f.req('POST', `/api/forum/threads/${thread.id}/replies`, rosa.cookie, {
      bodyHtml: crafted,
    })
    expect(reply.statusCode).toBe(400)
    expect(await f.replyRows(thread.id)).toHaveLength(0)
  })

  it('refuses a reply that sanitizing makes longer than the limit, writing nothing', async () => {
    const thread = await f.createThread(rosa, { title: 'Long' })
    const sent = growing(40_000, 5_000)
    const res = await f.req('POST', `/api/forum/threads/${thread.id}/replies`, rosa.cookie, {
      bodyHtml: sent,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      bodyHtml: `This reply is too long: keep it under ${FORUM_BODY_MAX_LENGTH.toLocaleString('en')} characters (formatting counts; it is 55,000)`,
    })
    expect(await f.replyRows(thread.id)).toHaveLength(0)
  })

  it('saves a stored thread and reply body just under the limit again, unchanged', async () => {
    const sent = growing(35_000 - 5, 5_000)
    const thread = await f.createThread(rosa, { title: 'Just fits', bodyHtml: sent })
    expect(thread.bodyHtml).toHaveLength(FORUM_BODY_MAX_LENGTH - 5)
    const edited = await f.req('PATCH', `/api/forum/threads/${thread.id}`, rosa.cookie, {
      title: 'Just fits',
      bodyHtml: thread.bodyHtml,
    })
    expect(edited.statusCode, edited.body.slice(0, 300)).toBe(200)
    expect((await f.threadRow(thread.id)).bodyHtml).toBe(thread.bodyHtml)

    const reply = await f.reply(rosa, thread.id, { bodyHtml: sent })
    const again = await f.req('PATCH', `/api/forum/replies/${reply.id}`, rosa.cookie, {
      bodyHtml: reply.bodyHtml,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().bodyHtml).toBe(reply.bodyHtml)
  })

  it('accepts a body sent longer than the limit that fits once stored; refuses one past what may be sent', async () => {
    const thread = await f.createThread(rosa, { title: 'Spans' })
    const spans = '<p><span class="c1">word</span></p>'.repeat(1_500)
    expect(spans.length).toBeGreaterThan(FORUM_BODY_MAX_LENGTH)
    expect((await f.reply(rosa, thread.id, { bodyHtml: spans })).bodyHtml).toBe('<p>word</p>'.repeat(1_500))

    const res = await f.req('POST', `/api/forum/threads/${thread.id}/replies`, rosa.cookie, {
      bodyHtml: 'x'.repeat(FORUM_BODY_MAX_LENGTH * RICH_TEXT_RAW_FACTOR + 1),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      bodyHtml: `Keep it under ${FORUM_BODY_MAX_LENGTH.toLocaleString('en')} characters`,
    })
  })
})

describe('edits are rate-limited per person', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it(`accepts ${RICH_TEXT_WRITE_RATE_LIMIT.max} reply edits a minute, then 429 and nothing written`, async () => {
    const lf = forumFixtures(limited)
    const editor = await createUser(limited, { name: 'Editor' })
    const thread = await lf.createThread(editor, { title: 'Edits' })
    const reply = await lf.reply(editor, thread.id)
    const edit = (text: string) =>
      lf.req('PATCH', `/api/forum/replies/${reply.id}`, editor.cookie, { bodyHtml: `<p>${text}</p>` })
    for (let i = 1; i <= RICH_TEXT_WRITE_RATE_LIMIT.max; i++)
      expect((await edit(`v${i}`)).statusCode).toBe(200)
    const blocked = await edit('one too many')
    expect(blocked.statusCode).toBe(429)
    const [row] = await lf.replyRows(thread.id)
    expect(row.bodyHtml).toBe(`<p>v${RICH_TEXT_WRITE_RATE_LIMIT.max}</p>`)
  })
})
