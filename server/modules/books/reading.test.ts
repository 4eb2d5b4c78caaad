import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, signIn, type TestUser } from '#server/test/factories.ts'
import { bookCounts, draftBook, type PublishedBook, publishedBook } from './books.fixtures.ts'

let t: TestApp
let admin: TestUser
let author: TestUser
let reader: TestUser
let paid: PublishedBook
let free: PublishedBook

const get = (url: string, who?: TestUser | null) => t.request({ method: 'GET', url, cookie: who?.cookie })

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Rhea Writer' })
  reader = await createUser(t, { name: 'Rory Reader' })
  paid = await publishedBook(
    t,
    admin,
    author,
    ['<p>Free opening</p>', '<p>Paid middle</p>', '<p>Paid end</p>'],
    {
      title: 'Tidal Atlas',
      price: 1299,
    },
  )
  free = await publishedBook(t, admin, author, ['<p>All of it</p>'], {
    title: 'Quiet Sums',
    category: 'academic',
    subjectSlug: 'mathematics',
    price: 0,
  })
})
afterAll(() => t.close())

describe('the catalogue', () => {
  it('lists published books only, with filters, sorts and keyset pages', async () => {
    await draftBook(t, author, { title: 'Unfinished Atlas' })
    const all = (await get('/api/books')).json()
    expect(all.items.map((b: { title: string }) => b.title)).toEqual(['Quiet Sums', 'Tidal Atlas'])
    expect(all.items[1]).toMatchObject({
      price: 1299,
      currency: 'USD',
      chapterCount: 3,
      previewChapters: 1,
      author: { id: author.id, name: 'Rhea Writer' },
    })
    expect(all.items[1]).not.toHaveProperty('description')
    const titles = async (query: string) =>
      (await get(`/api/books?${query}`)).json().items.map((b: { title: string }) => b.title)
    expect(await titles('price=free')).toEqual(['Quiet Sums'])
    expect(await titles('price=paid')).toEqual(['Tidal Atlas'])
    expect(await titles('category=academic&subject=mathematics')).toEqual(['Quiet Sums'])
    expect(await titles('sort=price_desc')).toEqual(['Tidal Atlas', 'Quiet Sums'])
    expect(await titles('sort=price_asc')).toEqual(['Quiet Sums', 'Tidal Atlas'])
    expect(await titles('q=atlas')).toEqual(['Tidal Atlas'])
    expect(await titles(`writer=${reader.id}`)).toEqual([])
    const search = await get('/api/search/books?q=tidal')
    expect(search.json().items.map((b: { title: string }) => b.title)).toEqual(['Tidal Atlas'])
    expect((await get('/api/search/books?q=')).json().error.fields).toEqual({
      q: 'Type something to search for',
    })
    const first = (await get('/api/books?sort=price_asc&limit=1')).json()
    expect(first.items).toHaveLength(1)
    const second = (await get(`/api/books?sort=price_asc&limit=1&cursor=${first.nextCursor}`)).json()
    expect(second.items.map((b: { title: string }) => b.title)).toEqual(['Tidal Atlas'])
    expect(second.nextCursor).toBeNull()
  })

  it('refuses a bad query with field messages', async () => {
    const res = await get('/api/books?sort=cheapest&price=gratis&cursor=nonsense')
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['price', 'sort'])
    expect((await get('/api/books?cursor=nonsense')).json().error.fields).toEqual({
      cursor: 'Invalid cursor',
    })
  })
})

describe('the book page and the reader', () => {
  it('shows the contents with preview marks to anyone, and who owns or reads it all', async () => {
    const page = (await get(`/api/books/${paid.id}`)).json()
    expect(page.chapters.map((c: { title: string; preview: boolean }) => [c.title, c.preview])).toEqual([
      ['Chapter 1', true],
      ['Chapter 2', false],
      ['Chapter 3', false],
    ])
    expect(page).toMatchObject({ owned: false, readsAll: false, position: null, author: { bio: '' } })
    expect(JSON.stringify(page)).not.toContain('Paid middle')
    expect((await get(`/api/books/${paid.id}`, author)).json()).toMatchObject({
      owned: false,
      readsAll: true,
    })
    expect((await get(`/api/books/${paid.id}`, admin)).json()).toMatchObject({ readsAll: true })
  })

  it('sends a preview chapter to anyone, and a paid one only to author and admin (403 without a body)', async () => {
    const [one, two] = paid.chapterIds
    const opening = (await get(`/api/books/${paid.id}/chapters/${one}`)).json()
    expect(opening).toMatchObject({ bodyHtml: '<p>Free opening</p>', previous: null, next: { id: two } })
    for (const who of [null, reader]) {
      const res = await get(`/api/books/${paid.id}/chapters/${two}`, who)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe(
        'This chapter is not in the free preview: buy the book to read on',
      )
      expect(res.body).not.toContain('Paid middle')
    }
    for (const who of [author, admin]) {
      expect((await get(`/api/books/${paid.id}/chapters/${two}`, who)).json().bodyHtml).toBe(
        '<p>Paid middle</p>',
      )
    }
    expect((await get(`/api/books/${paid.id}/chapters/${free.chapterIds[0]}`)).statusCode).toBe(404)
  })

  it('saves the reading position in a readable chapter, validated, and shares it across sessions', async () => {
    const url = `/api/books/${paid.id}/position`
    const put = (body: unknown, who: TestUser = reader) =>
      t.request({ method: 'PUT', url, cookie: who.cookie, body })
    const before = await bookCounts(t)
    const bad = await put({ chapterId: 'first', progress: 2 })
    expect(bad.json().error.fields).toEqual({
      chapterId: 'Unknown chapter',
      progress: 'Send how far into the chapter, from 0 to 1',
    })
    const locked = await put({ chapterId: paid.chapterIds[1], progress: 0.1 })
    expect(locked.statusCode).toBe(403)
    expect(await bookCounts(t)).toEqual(before)

    expect((await put({ chapterId: paid.chapterIds[0], progress: 0.4 })).json()).toMatchObject({
      chapterId: paid.chapterIds[0],
      progress: 0.4,
    })
    // A second browser: another session of the same person.
    const other = cookieOf((await signIn(t, reader.email, reader.password)).headers['set-cookie'])
    const elsewhere = { ...reader, cookie: other }
    expect((await get(`/api/books/${paid.id}`, elsewhere)).json().position).toMatchObject({
      chapterId: paid.chapterIds[0],
      progress: 0.4,
    })
    await put({ chapterId: paid.chapterIds[0], progress: 0.9 }, elsewhere)
    expect((await get(`/api/books/${paid.id}`, reader)).json().position.progress).toBe(0.9)
  })

  it('adds a free book to the library at once (idempotent), refuses a paid one and your own', async () => {
    const add = (id: string, who: TestUser = reader) =>
      t.request({ method: 'POST', url: `/api/books/${id}/library`, cookie: who.cookie })
    const first = await add(free.id)
    expect(first.statusCode, first.body).toBe(200)
    expect((await add(free.id)).json()).toEqual(first.json())
    const paidAdd = await add(paid.id)
    expect(paidAdd.statusCode).toBe(402)
    expect(paidAdd.json().error.message).toBe('This book is not free: buy it to add it to your library')
    expect((await add(free.id, author)).statusCode).toBe(409)
    const library = (await get('/api/me/library', reader)).json()
    expect(library.items.map((i: { book: { id: string } }) => i.book.id)).toEqual([free.id])
    expect((await get(`/api/books/${free.id}`, reader)).json()).toMatchObject({ owned: true, readsAll: true })
  })

  it('lists my library newest first, a page at a time, with positions', async () => {
    const more = await publishedBook(t, admin, author, ['<p>Short</p>'], { title: 'Second Free', price: 0 })
    await t.request({ method: 'POST', url: `/api/books/${more.id}/library`, cookie: reader.cookie })
    await t.request({
      method: 'PUT',
      url: `/api/books/${more.id}/position`,
      cookie: reader.cookie,
      body: { chapterId: more.chapterIds[0], progress: 0.5 },
    })
    const first = (await get('/api/me/library?limit=1', reader)).json()
    // Half of its only chapter: half of the book, and the chapter named.
    expect(first.items[0]).toMatchObject({
      book: { id: more.id },
      position: { progress: 0.5 },
      chapter: { position: 1 },
      through: 0.5,
    })
    const second = (await get(`/api/me/library?limit=1&cursor=${first.nextCursor}`, reader)).json()
    expect(second.items.map((i: { book: { id: string } }) => i.book.id)).toEqual([free.id])
    expect(second.items[0]).toMatchObject({ position: null, chapter: null, through: null })
    expect(second.nextCursor).toBeNull()
  })
})
