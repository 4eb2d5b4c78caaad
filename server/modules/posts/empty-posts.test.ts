import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { slugify } from '#common/slug.ts'
import { book, bookChapter, notification, post } from '#server/db/schema/index.ts'
import { addChapter, draftBook } from '#server/modules/books/books.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// A post goes to review and to readers only with something in it (text or an image); so does every
// chapter of a book. Drafts may be empty.

let t: TestApp
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

const IMAGE = '<img src="/api/files/posts/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png" alt="A wave" />'
/** Bodies that say nothing, as editors and scripts send them. */
const EMPTY_BODIES = ['', '<p></p>', '<p>   </p>', '<p>&nbsp;</p>', '<p><br></p>', '<h2> </h2><p>\u200b</p>']
const EMPTY_BODY = {
  bodyHtml: 'Write something first: a post needs text or an image before it is reviewed',
}

const input = (fields: Record<string, unknown> = {}) => ({
  title: 'Tides',
  category: 'fiction',
  bodyHtml: '<p>The sea was calm.</p>',
  ...fields,
})

const rowOf = async (id: string) => (await t.database.db.select().from(post).where(eq(post.id, id)))[0]
const notificationsOf = async (userId: string) =>
  (await t.database.db.select().from(notification).where(eq(notification.writerId, userId))).length

async function draft(user: TestUser, fields: Record<string, unknown> = {}) {
  const res = await t.request({ method: 'POST', url: '/api/posts', cookie: user.cookie, body: input(fields) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; slug: string }
}

const submit = (user: TestUser, id: string) =>
  t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: user.cookie })
const approve = (id: string) =>
  t.request({ method: 'POST', url: `/api/admin/posts/${id}/approve`, cookie: admin.cookie })

describe('a post needs a body to go to review', () => {
  it.each(EMPTY_BODIES)(
    'keeps %j as a draft, and refuses to submit it: 400 on the body, nothing changed',
    async (bodyHtml) => {
      const p = await draft(writer, { bodyHtml })
      const before = await rowOf(p.id)
      const res = await submit(writer, p.id)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual(EMPTY_BODY)
      expect(await rowOf(p.id)).toEqual(before)
    },
  )

  it("refuses an admin's own empty post too (it would be published at once)", async () => {
    const p = await draft(admin, { bodyHtml: '<p> </p>' })
    expect((await submit(admin, p.id)).statusCode).toBe(400)
    expect((await rowOf(p.id)).status).toBe('draft')
  })

  it('submits a post with text, or with only an image', async () => {
    for (const bodyHtml of ['<p>One word</p>', `<figure>${IMAGE}</figure>`]) {
      const p = await draft(writer, { bodyHtml })
      const res = await submit(writer, p.id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().status).toBe('pending')
    }
  })

  it('lets a draft be emptied, but not a post in review or published', async () => {
    const p = await draft(writer)
    const patch = (user: TestUser, bodyHtml: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/posts/${p.id}`,
        cookie: user.cookie,
        body: input({ bodyHtml }),
      })
    expect((await patch(writer, '<p></p>')).statusCode).toBe(200)
    expect((await patch(writer, '<p>Back again.</p>')).statusCode).toBe(200)
    expect((await submit(writer, p.id)).statusCode).toBe(200)

    const inReview = await rowOf(p.id)
    const refused = await patch(writer, '<p></p>')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields).toEqual(EMPTY_BODY)
    expect(await rowOf(p.id)).toEqual(inReview)

    expect((await approve(p.id)).statusCode).toBe(200)
    const live = await rowOf(p.id)
    // The author's edit would send it back to review; an admin's would leave it live: neither empty.
    for (const user of [writer, admin]) expect((await patch(user, '')).statusCode).toBe(400)
    expect(await rowOf(p.id)).toEqual(live)
  })

  it('refuses to approve an empty post already in the queue: 400, still pending, nobody notified', async () => {
    // Submitted before posts needed a body.
    const [stale] = await t.database.db
      .insert(post)
      .values({
        authorId: writer.id,
        title: 'Blank page',
        slug: slugify('Blank page'),
        category: 'fiction',
        bodyHtml: '<p></p>',
        status: 'pending',
      })
      .returning()
    const notes = await notificationsOf(writer.id)
    const res = await approve(stale.id)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ message: 'This post has no text yet', fields: EMPTY_BODY })
    expect(await rowOf(stale.id)).toEqual(stale)
    expect(await notificationsOf(writer.id)).toBe(notes)
    expect(
      (await t.request({ method: 'GET', url: `/api/posts/by/${writer.id}/${stale.slug}` })).statusCode,
    ).toBe(404)
    // Rejecting it still works: the writer hears why.
    const rejected = await t.request({
      method: 'POST',
      url: `/api/admin/posts/${stale.id}/reject`,
      cookie: admin.cookie,
      body: { reason: 'It has no text.' },
    })
    expect(rejected.statusCode).toBe(200)
  })
})

describe('every chapter of a book needs a body', () => {
  const submitBook = (id: string) =>
    t.request({ method: 'POST', url: `/api/books/${id}/submit`, cookie: writer.cookie })
  const approveBook = (id: string) =>
    t.request({ method: 'POST', url: `/api/admin/books/${id}/approve`, cookie: admin.cookie })
  const bookRow = async (id: string) => (await t.database.db.select().from(book).where(eq(book.id, id)))[0]

  it('refuses a chapter of white space, and accepts one that is only an image', async () => {
    const b = await draftBook(t, writer, { price: 0, previewChapters: 0 })
    await addChapter(t, writer, b.id, 'Words', '<p>Once upon a time.</p>')
    const picture = await addChapter(t, writer, b.id, 'Picture', `<figure>${IMAGE}</figure>`)
    expect(picture.wordCount).toBe(0)
    const blank = await addChapter(t, writer, b.id, 'Blank', '<p>&nbsp;</p><p> </p>')
    const refused = await submitBook(b.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe('Chapter 3 is empty: write it or delete it before submitting')
    expect((await bookRow(b.id)).status).toBe('draft')

    await t.request({
      method: 'DELETE',
      url: `/api/books/${b.id}/chapters/${blank.id}`,
      cookie: writer.cookie,
    })
    const sent = await submitBook(b.id)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().status).toBe('pending')
  })

  it('refuses to approve a book whose chapter was emptied while it waited, changing nothing', async () => {
    const b = await draftBook(t, writer, { price: 0, previewChapters: 0 })
    await addChapter(t, writer, b.id, 'One', '<p>The first night.</p>')
    const two = await addChapter(t, writer, b.id, 'Two', '<p>The second night.</p>')
    expect((await submitBook(b.id)).statusCode).toBe(200)
    const emptied = await t.request({
      method: 'PATCH',
      url: `/api/books/${b.id}/chapters/${two.id}`,
      cookie: writer.cookie,
      body: { bodyHtml: '<p></p>' },
    })
    expect(emptied.statusCode).toBe(200)
    const before = await bookRow(b.id)
    const notes = await notificationsOf(writer.id)

    const res = await approveBook(b.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(
      'Chapter 2 is empty: it cannot be published until its writer writes it',
    )
    expect(await bookRow(b.id)).toEqual(before)
    expect(await notificationsOf(writer.id)).toBe(notes)

    await t.database.db.delete(bookChapter).where(eq(bookChapter.bookId, b.id))
    expect((await approveBook(b.id)).json().error.message).toBe('This book has no chapters to publish')
    expect((await bookRow(b.id)).status).toBe('pending')
  })
})
