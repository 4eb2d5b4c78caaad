import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Highlight, HighlightPage } from '#common/schemas/highlights.ts'
import { createTestClock } from '#server/clock.ts'
import { publishedBook } from '#server/modules/books/books.fixtures.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { highlightsApi } from './highlights.fixtures.ts'

// My highlights: newest first in pages, by book or post, searched in quotes and notes; the export.

const clock = createTestClock()
let t: TestApp
let api: ReturnType<typeof highlightsApi>
let reader: TestUser
let other: TestUser
let postId: string
let book: { id: string; chapterIds: string[] }
const made: Highlight[] = []

const POST_HTML = '<p>Lanterns swing in the wind. A *bold* claim about [links].</p>'
const CHAPTERS = ['<p>The lantern keeper woke.</p>', '<p>Salt on the glass, again.</p>']

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  api = highlightsApi(t)
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  const writer = await createUser(t, { name: 'Wren Writer' })
  reader = await createUser(t, { name: 'Rosa Reader' })
  other = await createUser(t, { name: 'Olly Other' })
  postId = (
    await publishedPost(t, admin, writer, { title: 'Wind & *lamps*', bodyHtml: POST_HTML, access: 'free' })
  ).id
  book = await publishedBook(t, admin, writer, CHAPTERS, { title: 'The Lantern Keeper', price: 0 })
  const added = await t.request({
    method: 'POST',
    url: `/api/books/${book.id}/library`,
    cookie: reader.cookie,
  })
  expect(added.statusCode, added.body).toBe(200)
  const chapter = (i: number) => ({ bookId: book.id, chapterId: book.chapterIds[i] })
  // One a minute, so "newest first" is a known order.
  for (const [target, html, words, note] of [
    [chapter(1), CHAPTERS[1], 'Salt on the glass', 'Brine, twice'],
    [{ postId }, POST_HTML, 'Lanterns swing', null],
    [chapter(0), CHAPTERS[0], 'The lantern keeper woke.', 'Opening line'],
    [{ postId }, POST_HTML, 'A *bold* claim about [links].', 'a note\non two lines'],
  ] as const) {
    clock.advance(60_000)
    made.push(await api.highlight(reader, target, html, words, { note }))
  }
  await api.highlight(other, { postId }, POST_HTML, 'Lanterns swing', { note: 'Brine' })
}, 60_000)
afterAll(() => t.close())

const exacts = async (query: string) => {
  const res = await api.list(reader, query)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as HighlightPage).items.map((h) => h.exact)
}

describe('My highlights', () => {
  it('pages newest first with the keyset cursor, and refuses a forged cursor', async () => {
    const first = (await api.list(reader, '?limit=3')).json() as HighlightPage
    expect(first.items.map((h) => h.id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((h) => h.id),
    )
    const second = (await api.list(reader, `?limit=3&cursor=${first.nextCursor}`)).json() as HighlightPage
    expect(second).toEqual({ items: [expect.objectContaining({ id: made[0].id })], nextCursor: null })
    const forged = await api.list(reader, '?cursor=bm9wZQ')
    expect(forged.statusCode).toBe(400)
    expect(forged.json().error.fields).toHaveProperty('cursor')
  })

  it('filters by book or post, and refuses an id that is not one', async () => {
    expect(await exacts(`?bookId=${book.id}`)).toEqual(['The lantern keeper woke.', 'Salt on the glass'])
    expect(await exacts(`?postId=${postId}`)).toEqual(['A *bold* claim about [links].', 'Lanterns swing'])
    const bad = await api.list(reader, '?bookId=nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toHaveProperty('bookId')
  })

  it('searches quotes and notes by word prefixes, only mine', async () => {
    expect(await exacts('?q=lantern')).toEqual(['The lantern keeper woke.', 'Lanterns swing'])
    expect(await exacts('?q=brin')).toEqual(['Salt on the glass'])
    expect(await exacts('?q=opening%20LINE')).toEqual(['The lantern keeper woke.'])
    expect(await exacts(`?q=lantern&bookId=${book.id}`)).toEqual(['The lantern keeper woke.'])
    // Nothing to search for, or the query language's own syntax: nothing found, no error.
    expect(await exacts('?q=%21%26%7C')).toEqual([])
    expect(await exacts("?q=salt:*%20%7C%20!'")).toEqual(['Salt on the glass'])
  })
})

describe('Export to Markdown', () => {
  it('downloads every highlight by book and chapter, then by post, with quotes, notes and links', async () => {
    const res = await api.exported(reader)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="inkwell-highlights-\d{4}-\d{2}-\d{2}\.md"$/,
    )
    const md = res.body
    const origin = t.config.appUrl
    expect(md).toContain(
      [
        '## The Lantern Keeper',
        '',
        '### Chapter 1: Chapter 1',
        '',
        `[Read the chapter](${origin}/read/${book.id}?chapter=${book.chapterIds[0]})`,
        '',
        '> The lantern keeper woke.',
        '',
        '**Note:** Opening line',
        '',
        '### Chapter 2: Chapter 2',
      ].join('\n'),
    )
    // Markup in titles and quotes stays text; a note's lines stay lines.
    expect(md).toContain('## Wind & \\*lamps\\*')
    expect(md).toContain('> A \\*bold\\* claim about \\[links\\].')
    expect(md).toContain('**Note:** a note  \non two lines')
    expect(md.indexOf('## The Lantern Keeper')).toBeLessThan(md.indexOf('## Wind'))
    expect(md).not.toMatch(/^\*\*Note:\*\* Brine$/m)
    expect(md.match(/^> /gm)).toHaveLength(4)
  })
})
