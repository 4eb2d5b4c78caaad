import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { addChapter, bookInput, buyBook, publishedBook } from './books.fixtures.ts'

// Changing a published book (decision 020): the author's edits are live at once, like a new
// version on Leanpub; owners keep what they bought.

let t: TestApp
let admin: TestUser
let author: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Vera Version' })
})
afterAll(() => t.close())

describe('a published book changed by its author', () => {
  it('stays in the store with the change live: settings, a new chapter, a fixed chapter', async () => {
    const book = await publishedBook(t, admin, author, ['<p>One</p>', '<p>Two</p>'], { price: 500 })
    const owner = await createUser(t)
    await buyBook(t, owner, book.id)

    const saved = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}`,
      cookie: author.cookie,
      body: bookInput({ title: 'The Lantern Keeper, Second Edition', price: 900 }),
    })
    expect(saved.json()).toMatchObject({ status: 'published', price: 900 })
    const added = await addChapter(t, author, book.id, 'Epilogue', '<p>New pages for every owner</p>')
    await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${book.chapterIds[1]}`,
      cookie: author.cookie,
      body: { bodyHtml: '<p>Two, with the typo fixed</p>' },
    })

    const page = (
      await t.request({ method: 'GET', url: `/api/books/${book.id}`, cookie: owner.cookie })
    ).json()
    expect(page).toMatchObject({
      title: 'The Lantern Keeper, Second Edition',
      price: 900,
      chapterCount: 3,
      owned: true,
    })
    const read = (id: string) =>
      t.request({ method: 'GET', url: `/api/books/${book.id}/chapters/${id}`, cookie: owner.cookie })
    expect((await read(added.id)).json().bodyHtml).toBe('<p>New pages for every owner</p>')
    expect((await read(book.chapterIds[1])).json().bodyHtml).toBe('<p>Two, with the typo fixed</p>')
  })

  it('keeps a chapter for buyers: a preview over every chapter of a paid book is refused', async () => {
    const book = await publishedBook(t, admin, author, ['<p>One</p>', '<p>Two</p>'], { price: 500 })
    const res = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}`,
      cookie: author.cookie,
      body: bookInput({ previewChapters: 2 }),
    })
    expect(res.statusCode).toBe(409)
    const lastPaid = await t.request({
      method: 'DELETE',
      url: `/api/books/${book.id}/chapters/${book.chapterIds[1]}`,
      cookie: author.cookie,
    })
    expect(lastPaid.json().error.message).toBe(
      'Deleting this chapter would put the whole book in the free preview: lower the preview first',
    )
    const free = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}`,
      cookie: author.cookie,
      body: bookInput({ previewChapters: 2, price: 0 }),
    })
    expect(free.json()).toMatchObject({ status: 'published', price: 0, previewChapters: 2 })
  })
})
