import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  POST_BODY_MAX_LENGTH,
  RICH_TEXT_NESTING_MAX,
  RICH_TEXT_RAW_FACTOR,
  RICH_TEXT_WRITE_RATE_LIMIT,
} from '#common/constants.ts'
import { post, requestCounter } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// A writer cannot make the server work without bound (nesting, length, rate), and the length limit
// applies to what is stored, so whatever was stored can be saved again.

const draft = (bodyHtml: string, fields: Record<string, unknown> = {}) => ({
  title: 'Hardening',
  category: 'fiction',
  bodyHtml,
  ...fields,
})

/** `depth` blockquotes around a paragraph: exactly depth + 1 levels of tags. */
const quotes = (depth: number) => `${'<blockquote>'.repeat(depth)}<p>deep</p>${'</blockquote>'.repeat(depth)}`

/** What the editor writes for a list nested nine levels in a quote, every mark on (about 30 levels). */
const deepEditorContent = () => {
  let list =
    '<p><strong><em><u><s><a href="https://example.com" rel="noopener noreferrer nofollow">nine</a></s></u></em></strong></p>'
  for (let level = 9; level >= 1; level--) list = `<ul><li><p>level ${level}</p>${list}</li></ul>`
  return `<blockquote><blockquote>${list}</blockquote></blockquote>`
}

let t: TestApp
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  writer = await createUser(t, { name: 'Wendy Writer' })
})
afterAll(() => t.close())

const rowsOf = (authorId: string) => t.database.db.select().from(post).where(eq(post.authorId, authorId))
const rowOf = async (id: string) => (await t.database.db.select().from(post).where(eq(post.id, id)))[0]
const save = (method: 'POST' | 'PATCH', url: string, body: unknown, who: TestUser = writer) =>
  t.request({ method, url, cookie: who.cookie, body })

async function created(bodyHtml: string) {
  const res = await save('POST', '/api/posts', draft(bodyHtml))
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201)
  return res.json() as { id: string; bodyHtml: string }
}

describe('nesting', () => {
  it('refuses the crafted body that stalled the server, before sanitizing it, and writes nothing', async () => {
    const before = (await rowsOf(writer.id)).length
    const res = await save('POST', '/api/posts', draft('<ol><li><p>'.repeat(18_000)))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: 'Some fields need your attention',
      fields: {
        bodyHtml: `The formatting nests more than ${RICH_TEXT_NESTING_MAX} levels deep: flatten some lists or quotes`,
      },
    })
    expect(await rowsOf(writer.id)).toHaveLength(before)
  })

  it(`accepts ${RICH_TEXT_NESTING_MAX} levels and refuses one more, on create and on update`, async () => {
    const atLimit = quotes(RICH_TEXT_NESTING_MAX - 1)
    const p = await created(atLimit)
    expect(p.bodyHtml).toBe(atLimit)

    const res = await save('PATCH', `/api/posts/${p.id}`, draft(quotes(RICH_TEXT_NESTING_MAX)))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.bodyHtml).toMatch(/nests more than/)
    expect((await rowOf(p.id)).bodyHtml).toBe(atLimit)
  })

  it('counts tags the way the parser does: stray end tags close nothing, implied ends close', async () => {
    // `</x>` inside an attribute or for a tag never opened does not end the <div>s around it.
    const stray = '<div title="</div>"></span>'.repeat(RICH_TEXT_NESTING_MAX + 1)
    expect((await save('POST', '/api/posts', draft(stray))).statusCode).toBe(400)
    // An unclosed list item ends at the next one, an unclosed paragraph at the next: no depth.
    const sloppy = `<ul>${'<li>item'.repeat(500)}</ul>${'<p>paragraph'.repeat(500)}`
    expect((await save('POST', '/api/posts', draft(sloppy))).statusCode).toBe(201)
  })

  it('keeps what the editor writes at realistic depths unchanged', async () => {
    const html = deepEditorContent()
    expect((await created(html)).bodyHtml).toBe(html)
  })
})

describe('the length limit applies to the body as stored', () => {
  /** `length` characters of text whose every `<` becomes `&lt;` when sanitized: growth of 3 per `<`. */
  const growing = (length: number, lts: number) => {
    const body = `<p>${'1 < 2 '.repeat(lts)}`
    return `${body}${'x'.repeat(length - body.length - 4)}</p>`
  }

  it('refuses, with 400 and nothing written, a body that sanitizing makes longer than the limit', async () => {
    // The report's case: 181,007 characters sent, 271,007 once `<` became `&lt;`.
    const sent = growing(181_007, 30_000)
    expect(sent).toHaveLength(181_007)
    const before = (await rowsOf(writer.id)).length
    const res = await save('POST', '/api/posts', draft(sent))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      bodyHtml: `This post is too long: keep it under ${POST_BODY_MAX_LENGTH.toLocaleString('en')} characters (formatting counts; it is 271,007)`,
    })
    expect(await rowsOf(writer.id)).toHaveLength(before)

    const p = await created('<p>Short</p>')
    expect((await save('PATCH', `/api/posts/${p.id}`, draft(sent))).statusCode).toBe(400)
    expect((await rowOf(p.id)).bodyHtml).toBe('<p>Short</p>')
  })

  it('accepts a body sent longer than the limit that is within it once stored', async () => {
    // Markup the allowlist drops (classes, spans) does not count against the writer.
    const words = '<p><span class="c1">word</span> </p>'.repeat(7_000)
    expect(words.length).toBeGreaterThan(POST_BODY_MAX_LENGTH)
    const p = await created(words)
    expect(p.bodyHtml).toBe('<p>word </p>'.repeat(7_000))
  })

  it('saves a stored body just under the limit again, unchanged, with 200', async () => {
    const first = await created(growing(139_995, 20_000))
    const stored = first.bodyHtml
    expect(stored).toHaveLength(POST_BODY_MAX_LENGTH - 5)

    const again = await save('PATCH', `/api/posts/${first.id}`, draft(stored))
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200)
    expect(again.json().bodyHtml).toBe(stored)
    expect((await rowOf(first.id)).bodyHtml).toBe(stored)
  })

  it(`refuses what is sent beyond ${RICH_TEXT_RAW_FACTOR}× the limit without sanitizing it`, async () => {
    const res = await save(
      'POST',
      '/api/posts',
      draft('x'.repeat(POST_BODY_MAX_LENGTH * RICH_TEXT_RAW_FACTOR + 1)),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      bodyHtml: `Keep the post under ${POST_BODY_MAX_LENGTH.toLocaleString('en')} characters`,
    })
  })

  it('saves a dozen drafts with the same title at once: each its own body and slug, none a 500', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) => `<p>Body ${i} & more</p><script>${i}</script>`)
    const results = await Promise.all(bodies.map((body) => save('POST', '/api/posts', draft(body))))
    expect(results.map((r) => r.statusCode)).toEqual(bodies.map(() => 201))
    expect(results.map((r) => r.json().bodyHtml)).toEqual(bodies.map((_, i) => `<p>Body ${i} &amp; more</p>`))
    expect(new Set(results.map((r) => r.json().slug)).size).toBe(bodies.length)
  })
})

describe('saves are rate-limited per writer', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it(`accepts ${RICH_TEXT_WRITE_RATE_LIMIT.max} saves a minute (autosaves included), then 429 and nothing written`, async () => {
    const busy = await createUser(limited, { name: 'Busy' })
    const calm = await createUser(limited, { name: 'Calm' })
    const send = (method: 'POST' | 'PATCH', url: string, who: TestUser, text: string) =>
      limited.request({ method, url, cookie: who.cookie, body: draft(`<p>${text}</p>`) })

    const createdRes = await send('POST', '/api/posts', busy, 'v0')
    expect(createdRes.statusCode).toBe(201)
    const url = `/api/posts/${createdRes.json().id}`
    for (let i = 1; i <= RICH_TEXT_WRITE_RATE_LIMIT.max; i++) {
      expect((await send('PATCH', url, busy, `v${i}`)).statusCode).toBe(200)
    }
    const blocked = await send('PATCH', url, busy, 'one too many')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('rate_limited')
    const [row] = await limited.database.db.select().from(post).where(eq(post.authorId, busy.id))
    expect(row.bodyHtml).toBe(`<p>v${RICH_TEXT_WRITE_RATE_LIMIT.max}</p>`)

    // Counted per person, not per address.
    expect((await send('POST', '/api/posts', calm, 'mine')).statusCode).toBe(201)
    const keys = (await limited.database.db.select().from(requestCounter)).map((c) => c.key)
    expect(keys).toContain(`PATCH/api/posts/:id:user:${busy.id}`)
    expect(keys).toContain(`POST/api/posts:user:${calm.id}`)
  })
})
