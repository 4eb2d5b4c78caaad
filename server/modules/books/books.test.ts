import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notification } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { addChapter, bookCounts, bookInput, draftBook, publishedBook } from './books.fixtures.ts'

let t: TestApp
let author: TestUser
let other: TestUser
let admin: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t, { name: 'Bea Author' })
  other = await createUser(t, { name: 'Oli Other' })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
})
afterAll(() => t.close())

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const noticesOf = async (user: TestUser) =>
  (await t.database.db.select().from(notification).where(eq(notification.writerId, user.id))).map((n) => ({
    kind: n.kind,
    message: n.message,
    link: n.link,
  }))

describe('writing a book', () => {
  it('asks for sign-in on every writing route', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/books', bookInput()],
      ['GET', `/api/books/${UNKNOWN}/edit`],
      ['PATCH', `/api/books/${UNKNOWN}`, bookInput()],
      ['POST', `/api/books/${UNKNOWN}/submit`],
      ['DELETE', `/api/books/${UNKNOWN}`],
      ['GET', '/api/me/books'],
      ['POST', `/api/books/${UNKNOWN}/chapters`, { title: 'One' }],
      ['PATCH', `/api/books/${UNKNOWN}/chapters/${UNKNOWN}`, { title: 'One' }],
      ['PUT', `/api/books/${UNKNOWN}/chapters/order`, { chapterIds: [UNKNOWN] }],
      ['DELETE', `/api/books/${UNKNOWN}/chapters/${UNKNOWN}`],
      ['PUT', `/api/books/${UNKNOWN}/position`, { chapterId: UNKNOWN, progress: 0 }],
      ['POST', `/api/books/${UNKNOWN}/library`],
      ['GET', '/api/me/library'],
    ]
    for (const [method, url, body] of routes) {
      const res = await t.request({ method: method as 'GET', url, body })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await bookCounts(t)
    const res = await t.request({
      method: 'POST',
      url: '/api/books',
      cookie: author.cookie,
      body: bookInput({
        title: '  ',
        category: 'academic',
        price: 50,
        previewChapters: -1,
        language: 'English',
      }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      title: 'Add a title',
      subjectSlug: 'Choose a subject for an academic book',
      price: 'Make it free (0) or between 0.99 and 999.99',
      previewChapters: 'Enter 0 or more chapters',
      language: 'Choose a language',
    })
    const sentPrice = await t.request({
      method: 'POST',
      url: '/api/books',
      cookie: author.cookie,
      body: bookInput({ price: '4.99', coverImage: 'https://elsewhere.example/cover.png' }),
    })
    expect(sentPrice.json().error.fields).toEqual({
      price: 'Enter a price',
      coverImage: 'Upload the cover image to Inkwell first',
    })
    const unknownSubject = await t.request({
      method: 'POST',
      url: '/api/books',
      cookie: author.cookie,
      body: bookInput({ category: 'academic', subjectSlug: 'alchemy' }),
    })
    expect(unknownSubject.json().error.fields).toEqual({ subjectSlug: 'Choose a subject from the list' })
    expect(await bookCounts(t)).toEqual(before)
  })

  it('creates a draft, saves its settings, and keeps the subject only on academic books', async () => {
    const book = await draftBook(t, author, { category: 'fiction', subjectSlug: 'physics' })
    expect(book).toMatchObject({
      status: 'draft',
      chapters: [],
      price: 499,
      subjectSlug: null,
      chapterCount: 0,
    })
    const saved = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}`,
      cookie: author.cookie,
      body: bookInput({ title: 'Forces, Gently', category: 'academic', subjectSlug: 'physics', price: 0 }),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ title: 'Forces, Gently', subjectSlug: 'physics', price: 0 })
    const mine = await t.request({ method: 'GET', url: '/api/me/books', cookie: author.cookie })
    expect(mine.json().items.map((b: { id: string }) => b.id)).toContain(book.id)
  })

  it("answers 404 for another person's draft, on every route, and changes nothing", async () => {
    const book = await draftBook(t, author)
    const chapter = await addChapter(t, author, book.id, 'Opening', '<p>Mine</p>')
    const before = await bookCounts(t)
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/books/${book.id}/edit`],
      ['PATCH', `/api/books/${book.id}`, bookInput({ title: 'Taken' })],
      ['POST', `/api/books/${book.id}/submit`],
      ['DELETE', `/api/books/${book.id}`],
      ['POST', `/api/books/${book.id}/chapters`, { title: 'Mine now' }],
      ['PATCH', `/api/books/${book.id}/chapters/${chapter.id}`, { title: 'Mine now' }],
      ['PUT', `/api/books/${book.id}/chapters/order`, { chapterIds: [chapter.id] }],
      ['DELETE', `/api/books/${book.id}/chapters/${chapter.id}`],
      ['GET', `/api/books/${book.id}`],
      ['GET', `/api/books/${book.id}/chapters/${chapter.id}`],
      ['PUT', `/api/books/${book.id}/position`, { chapterId: chapter.id, progress: 0.5 }],
      ['POST', `/api/books/${book.id}/library`],
    ]
    for (const [method, url, body] of routes) {
      const res = await t.request({ method: method as 'GET', url, body, cookie: other.cookie })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    expect(await bookCounts(t)).toEqual(before)
    const edit = await t.request({ method: 'GET', url: `/api/books/${book.id}/edit`, cookie: admin.cookie })
    expect(edit.statusCode).toBe(200)
  })
})

describe('review', () => {
  it('submits for review, lists it for admins only, and refuses what is not ready', async () => {
    const book = await draftBook(t, author)
    const submit = () =>
      t.request({ method: 'POST', url: `/api/books/${book.id}/submit`, cookie: author.cookie })
    expect((await submit()).json().error.message).toBe('Write at least one chapter before submitting')
    const only = await addChapter(t, author, book.id, 'Only', '<p>The whole book.</p>')
    expect((await submit()).json().error.message).toBe(
      'The preview covers every chapter: keep at least one chapter for buyers, or make the book free',
    )
    await addChapter(t, author, book.id, 'Blank', '')
    expect((await submit()).json().error.message).toBe(
      'Chapter 2 is empty: write it or delete it before submitting',
    )
    await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${only.id}`,
      cookie: author.cookie,
      body: { bodyHtml: '<p>Now the first of two.</p>' },
    })
    const chapters = (
      await t.request({ method: 'GET', url: `/api/books/${book.id}/edit`, cookie: author.cookie })
    ).json().chapters
    await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${chapters[1].id}`,
      cookie: author.cookie,
      body: { bodyHtml: '<p>And the second.</p>' },
    })
    const waiting = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/waiting', cookie: admin.cookie })).json().books
    const before = await waiting()
    const pending = await submit()
    expect(pending.statusCode, pending.body).toBe(200)
    expect(await waiting()).toBe(before + 1)
    expect(pending.json().status).toBe('pending')
    expect((await submit()).statusCode).toBe(409)

    expect(
      (await t.request({ method: 'GET', url: '/api/admin/books/review', cookie: author.cookie })).statusCode,
    ).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/admin/books/review' })).statusCode).toBe(401)
    const queue = await t.request({ method: 'GET', url: '/api/admin/books/review', cookie: admin.cookie })
    expect(queue.json().items.find((b: { id: string }) => b.id === book.id)).toMatchObject({
      status: 'pending',
      author: { id: author.id, name: 'Bea Author' },
    })
    // Not in the store while it waits.
    expect((await t.request({ method: 'GET', url: `/api/books/${book.id}` })).statusCode).toBe(404)
  })

  it('approves (published, in the store) or rejects with a reason, notifying the author each time', async () => {
    const writer = await createUser(t, { name: 'Nia Notified' })
    const good = await publishedBook(t, admin, writer, ['<p>One</p>', '<p>Two</p>'])
    const bad = await draftBook(t, writer, { title: 'Too Soon' })
    await addChapter(t, writer, bad.id, 'A', '<p>a</p>')
    await addChapter(t, writer, bad.id, 'B', '<p>b</p>')
    await t.request({ method: 'POST', url: `/api/books/${bad.id}/submit`, cookie: writer.cookie })
    const noReason = await t.request({
      method: 'POST',
      url: `/api/admin/books/${bad.id}/reject`,
      cookie: admin.cookie,
      body: { reason: ' ' },
    })
    expect(noReason.json().error.fields).toEqual({ reason: 'Tell the author why' })
    const rejected = await t.request({
      method: 'POST',
      url: `/api/admin/books/${bad.id}/reject`,
      cookie: admin.cookie,
      body: { reason: 'The cover is missing' },
    })
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The cover is missing' })
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/books/${bad.id}/approve`,
      cookie: admin.cookie,
    })
    expect(again.statusCode).toBe(409)
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/books/${UNKNOWN}/approve`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(404)
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/books/${bad.id}/approve`, cookie: writer.cookie }))
        .statusCode,
    ).toBe(403)

    expect((await t.request({ method: 'GET', url: `/api/books/${good.id}` })).json()).toMatchObject({
      status: 'published',
      chapterCount: 2,
    })
    const notices = (await noticesOf(writer)).filter((n) => n.kind.startsWith('item_'))
    expect(notices).toEqual(
      expect.arrayContaining([
        {
          kind: 'item_approved',
          message: 'Your book “The Lantern Keeper” is published in the Books Store.',
          link: `/read/${good.id}`,
        },
        {
          kind: 'item_rejected',
          message: 'Your book “Too Soon” was not published: The cover is missing',
          link: `/postbook?id=${bad.id}`,
        },
      ]),
    )
  })

  it("publishes an admin's own book at once, and only the author submits", async () => {
    const draft = await draftBook(t, author, { price: 0 })
    await addChapter(t, author, draft.id, 'One', '<p>One</p>')
    const byAdmin = await t.request({
      method: 'POST',
      url: `/api/books/${draft.id}/submit`,
      cookie: admin.cookie,
    })
    expect(byAdmin.statusCode).toBe(403)
    const own = await publishedBook(t, admin, admin, ['<p>Admin words</p>'], { price: 0 })
    const page = await t.request({ method: 'GET', url: `/api/books/${own.id}` })
    expect(page.json()).toMatchObject({ status: 'published' })
    expect(page.json().publishedAt).not.toBeNull()
  })

  it('deletes drafts and rejected books nobody owns; a published book keeps its last chapter', async () => {
    const draft = await draftBook(t, author)
    expect(
      (await t.request({ method: 'DELETE', url: `/api/books/${draft.id}`, cookie: author.cookie }))
        .statusCode,
    ).toBe(204)
    expect(
      (await t.request({ method: 'GET', url: `/api/books/${draft.id}/edit`, cookie: author.cookie }))
        .statusCode,
    ).toBe(404)
    const live = await publishedBook(t, admin, author, ['<p>Alone</p>'], { price: 0 })
    const del = await t.request({ method: 'DELETE', url: `/api/books/${live.id}`, cookie: author.cookie })
    expect(del.json().error.message).toBe('Only a draft or a rejected book can be deleted')
    const last = await t.request({
      method: 'DELETE',
      url: `/api/books/${live.id}/chapters/${live.chapterIds[0]}`,
      cookie: author.cookie,
    })
    expect(last.json().error.message).toBe('A published book keeps at least one chapter')
  })
})
