import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { addChapter, draftBook } from './books.fixtures.ts'

let t: TestApp
let author: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t, { name: 'Bea Author' })
})
afterAll(() => t.close())

describe('chapters', () => {
  it('adds, renames, edits (sanitized, counted), reorders and deletes, keeping positions 1..n', async () => {
    const book = await draftBook(t, author)
    const one = await addChapter(t, author, book.id, 'One', '<p>Three small words</p>')
    const two = await addChapter(
      t,
      author,
      book.id,
      'Two',
      '<p>It&#39;s a well-known fact.</p><script>x()</script>',
    )
    const three = await addChapter(t, author, book.id, 'Three', '')
    expect([one.position, two.position, three.position]).toEqual([1, 2, 3])
    expect([one.wordCount, two.wordCount, three.wordCount]).toEqual([3, 4, 0])

    const edited = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${three.id}`,
      cookie: author.cookie,
      body: { title: 'Three, renamed', bodyHtml: '<p onclick="steal()">Five words <b>in</b> this one</p>' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ title: 'Three, renamed', wordCount: 5, previous: { id: two.id } })
    expect(edited.json().bodyHtml).not.toContain('onclick')
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${one.id}`,
      cookie: author.cookie,
      body: { title: 'One, renamed' },
    })
    expect(renamed.json()).toMatchObject({ title: 'One, renamed', wordCount: 3 })

    const reordered = await t.request({
      method: 'PUT',
      url: `/api/books/${book.id}/chapters/order`,
      cookie: author.cookie,
      body: { chapterIds: [three.id, one.id, two.id] },
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    expect(reordered.json().map((c: { id: string; position: number }) => [c.id, c.position])).toEqual([
      [three.id, 1],
      [one.id, 2],
      [two.id, 3],
    ])
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/books/${book.id}/chapters/${one.id}`,
      cookie: author.cookie,
    })
    expect(removed.statusCode).toBe(204)
    const after = (
      await t.request({ method: 'GET', url: `/api/books/${book.id}/edit`, cookie: author.cookie })
    ).json()
    expect(after.chapters.map((c: { id: string; position: number }) => [c.id, c.position])).toEqual([
      [three.id, 1],
      [two.id, 2],
    ])
    expect(after).toMatchObject({ chapterCount: 2, wordCount: 9 })
  })

  it('refuses an order that is not every chapter once, and a chapter of another book', async () => {
    const book = await draftBook(t, author)
    const a = await addChapter(t, author, book.id, 'A', '<p>a</p>')
    const b = await addChapter(t, author, book.id, 'B', '<p>b</p>')
    const elsewhere = await draftBook(t, author)
    const c = await addChapter(t, author, elsewhere.id, 'C', '<p>c</p>')
    const order = (chapterIds: string[]) =>
      t.request({
        method: 'PUT',
        url: `/api/books/${book.id}/chapters/order`,
        cookie: author.cookie,
        body: { chapterIds },
      })
    expect((await order([a.id])).json().error.fields).toEqual({
      chapterIds: 'List every chapter of this book once, in the new order',
    })
    expect((await order([a.id, a.id])).json().error.fields).toEqual({ chapterIds: 'List each chapter once' })
    expect((await order([a.id, c.id])).statusCode).toBe(400)
    const wrongBook = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${c.id}`,
      cookie: author.cookie,
      body: { title: 'Moved' },
    })
    expect(wrongBook.statusCode).toBe(404)
    const empty = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${b.id}`,
      cookie: author.cookie,
      body: {},
    })
    expect(empty.json().error.fields).toEqual({ title: 'Send a title or a body to change' })
    const toc = (
      await t.request({ method: 'GET', url: `/api/books/${book.id}/edit`, cookie: author.cookie })
    ).json()
    expect(toc.chapters.map((x: { id: string }) => x.id)).toEqual([a.id, b.id])
  })
})

describe('chapters written at the same time', () => {
  it('get their own places: five added at once are 1..5, and a reorder racing an add leaves no gap', async () => {
    const book = await draftBook(t, author)
    const added = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => addChapter(t, author, book.id, `Chapter ${n}`, `<p>Words ${n}</p>`)),
    )
    expect(added.map((c) => c.position).sort()).toEqual([1, 2, 3, 4, 5])
    const reversed = [...added].sort((a, b) => b.position - a.position).map((c) => c.id)
    const [reorder, extra] = await Promise.all([
      t.request({
        method: 'PUT',
        url: `/api/books/${book.id}/chapters/order`,
        cookie: author.cookie,
        body: { chapterIds: reversed },
      }),
      t.request({
        method: 'POST',
        url: `/api/books/${book.id}/chapters`,
        cookie: author.cookie,
        body: { title: 'Late', bodyHtml: '<p>Late</p>' },
      }),
    ])
    expect(extra.statusCode).toBe(201)
    // The reorder ran before the add (and is then the whole book) or after it (and misses one: 400).
    expect([200, 400]).toContain(reorder.statusCode)
    const toc = (
      await t.request({ method: 'GET', url: `/api/books/${book.id}/edit`, cookie: author.cookie })
    ).json()
    expect(toc.chapters.map((c: { position: number }) => c.position)).toEqual([1, 2, 3, 4, 5, 6])
    expect(toc.chapterCount).toBe(6)
  })
})
