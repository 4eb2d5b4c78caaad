import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post as postTable } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// What the review queue tells an admin about each post without opening it: its length, how it
// opens, whether it says anything, and whether its writer has other posts with the same title.

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

const LONG = `<h2>Low tide</h2><p>The sea went out &amp; did not come back for an hour; we walked on the sand ${'and counted the shells '.repeat(20)}until dark.</p>`

async function post(user: TestUser, title: string, bodyHtml: string, submit = true) {
  const res = await t.request({
    method: 'POST',
    url: '/api/posts',
    cookie: user.cookie,
    body: { title, category: 'fiction', bodyHtml },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { id } = res.json() as { id: string }
  if (submit) {
    const sent = await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: user.cookie })
    expect(sent.statusCode, sent.body).toBe(200)
  }
  return id
}

async function queue() {
  const items: Record<string, unknown>[] = []
  let cursor: string | null = null
  do {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/review?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      cookie: admin.cookie,
    })
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json()
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return new Map(items.map((item) => [item.id as string, item]))
}

describe('GET /api/admin/review: what each card needs', () => {
  it('gives each post its word count, its opening and whether it has a body', async () => {
    const long = await post(writer, 'Low tide', LONG)
    const short = await post(writer, 'Spring', '<p>Rain, then sun.</p>')
    const picture = await post(
      other,
      'Still life',
      '<figure><img src="/api/files/posts/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png" alt="Pears" /></figure>',
    )
    // Submitted before posts needed a body.
    const [blank] = await t.database.db
      .insert(postTable)
      .values({
        authorId: other.id,
        title: 'Blank',
        slug: 'blank',
        category: 'fiction',
        bodyHtml: '<p> </p>',
        status: 'pending',
      })
      .returning()
    const items = await queue()

    const longItem = items.get(long)
    expect(longItem).toMatchObject({ wordCount: 100, hasBody: true })
    const opening = longItem?.opening as string
    expect(opening.startsWith('Low tide The sea went out & did not come back for an hour;')).toBe(true)
    expect(opening.endsWith('…')).toBe(true)
    expect(opening.length).toBeLessThanOrEqual(281)
    expect(longItem).not.toHaveProperty('bodyHtml')

    expect(items.get(short)).toMatchObject({ wordCount: 3, opening: 'Rain, then sun.', hasBody: true })
    expect(items.get(picture)).toMatchObject({ wordCount: 0, opening: '', hasBody: true })
    expect(items.get(blank.id)).toMatchObject({ wordCount: 0, opening: '', hasBody: false })
  })

  it("counts the writer's other posts with the same title, letter case aside, and no one else's", async () => {
    const first = await post(writer, 'The Same Title', '<p>One.</p>')
    const second = await post(writer, 'the same title', '<p>Two.</p>')
    await post(writer, 'The same title', '<p>A draft left behind.</p>', false)
    const others = await post(other, 'The same title', '<p>Somebody else’s.</p>')
    const unique = await post(writer, 'A title of its own', '<p>Alone.</p>')
    const items = await queue()
    expect(items.get(first)?.sameTitleCount).toBe(2)
    expect(items.get(second)?.sameTitleCount).toBe(2)
    expect(items.get(others)?.sameTitleCount).toBe(0)
    expect(items.get(unique)?.sameTitleCount).toBe(0)
  })
})
