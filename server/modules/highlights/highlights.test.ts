import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Highlight, HighlightPage } from '#common/schemas/highlights.ts'
import { bookChapter, highlight, post } from '#server/db/schema/index.ts'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { highlightCount, highlightsApi, selectorsIn } from './highlights.fixtures.ts'

let t: TestApp
let api: ReturnType<typeof highlightsApi>
let admin: TestUser
let writer: TestUser
let rosa: TestUser
let olly: TestUser
let bella: TestUser
let freePost: { id: string }
let paidPost: { id: string }
let book: { id: string; chapterIds: string[] }

const POST_HTML =
  '<p>The keeper climbed the stairs. The sea was grey.</p><p>She lit the lamp at dusk, as every night.</p>'
const PAID_HTML = '<p>Only subscribers read about the hidden cove.</p>'
const CHAPTERS = [
  '<p>Night one: the storm came over the headland.</p>',
  '<p>Night two: the ship that should not be there.</p>',
]

beforeAll(async () => {
  t = await buildTestApp()
  api = highlightsApi(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  rosa = await createUser(t, { name: 'Rosa Reader' })
  olly = await createUser(t, { name: 'Olly Other' })
  bella = await createUser(t, { name: 'Bella Buyer' })
  await setPrice(t, writer, 500)
  freePost = await publishedPost(t, admin, writer, {
    title: 'The lighthouse',
    bodyHtml: POST_HTML,
    access: 'free',
  })
  paidPost = await publishedPost(t, admin, writer, {
    title: 'The cove',
    bodyHtml: PAID_HTML,
    access: 'subscribers',
  })
  book = await publishedBook(t, admin, writer, CHAPTERS, { title: 'The Lantern Keeper', previewChapters: 1 })
  await buyBook(t, bella, book.id)
  await paySubscription(t, bella, writer)
}, 60_000)
afterAll(() => t.close())

const onPost = () => ({ postId: freePost.id })
const onChapter = (i: number) => ({ bookId: book.id, chapterId: book.chapterIds[i] })
const items = async (res: Awaited<ReturnType<typeof api.list>>) => {
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as HighlightPage).items
}

describe('signed out', () => {
  it('is a 401 on every route, and nothing is written', async () => {
    const id = (await api.highlight(rosa, onPost(), POST_HTML, 'The sea was grey.')).id
    const before = await highlightCount(t)
    const answers = await Promise.all([
      api.create(null, { target: onPost(), selectors: selectorsIn(POST_HTML, 'the lamp') }),
      api.list(null),
      api.onTarget(null, onPost()),
      api.get(null, id),
      api.update(null, id, { colour: 'blue' }),
      api.remove(null, id),
      api.exported(null),
    ])
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401])
    expect(await highlightCount(t)).toBe(before)
  })
})

describe('making a highlight', () => {
  it('keeps the passage, its colour and its private note, and lists it for its owner', async () => {
    const res = await api.create(rosa, {
      target: onPost(),
      selectors: selectorsIn(POST_HTML, 'She lit the lamp'),
      colour: 'green',
      note: '  Like every night.  ',
    })
    expect(res.statusCode, res.body).toBe(201)
    const made = res.json() as Highlight
    expect(made).toMatchObject({
      exact: 'She lit the lamp',
      // 32 characters before it; blocks meet with nothing between them, as in the page's text.
      prefix: 'er climbed the stairs. The sea was grey.'.slice(-32),
      suffix: ' at dusk, as every night.',
      colour: 'green',
      note: 'Like every night.',
      orphaned: false,
      target: { kind: 'post', postId: freePost.id, postTitle: 'The lighthouse' },
    })
    expect(made.target.link).toMatch(/^\/learn\//)
    expect((await api.onTarget(rosa, onPost())).json().items.map((h: Highlight) => h.id)).toContain(made.id)
    expect((await items(await api.list(rosa))).map((h) => h.id)).toContain(made.id)
    expect((await api.get(rosa, made.id)).json()).toEqual(made)
  })

  it('refuses bad input with a message per field, and writes nothing', async () => {
    const before = await highlightCount(t)
    const good = selectorsIn(POST_HTML, 'the lamp')
    const cases: Array<[unknown, string]> = [
      [{ target: onPost() }, 'selectors'],
      [{ target: onPost(), selectors: { ...good, end: good.end + 3 } }, 'selectors.end'],
      [{ target: onPost(), selectors: { ...good, exact: '' } }, 'selectors.exact'],
      [{ target: onPost(), selectors: good, colour: 'red' }, 'colour'],
      [{ target: onPost(), selectors: good, note: 'n'.repeat(2001) }, 'note'],
      [{ target: { ...onPost(), ...onChapter(0) }, selectors: good }, 'target.postId'],
      [{ target: { bookId: book.id }, selectors: good }, 'target.chapterId'],
      [{ target: {}, selectors: good }, 'target.bookId'],
      [{ target: { postId: 'nope' }, selectors: good }, 'target.postId'],
      // Words that are not in the post.
      [{ target: onPost(), selectors: { ...good, exact: 'the moon', prefix: '' } }, 'selectors.exact'],
    ]
    for (const [body, field] of cases) {
      const res = await api.create(rosa, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.json().error.fields), res.body).toContain(field)
    }
    expect(await highlightCount(t)).toBe(before)
  })

  it('lets a preview reader highlight the preview, never a chapter past it (403), nor an unknown one (404)', async () => {
    expect((await api.highlight(rosa, onChapter(0), CHAPTERS[0], 'the storm')).target).toMatchObject({
      kind: 'chapter',
      bookTitle: 'The Lantern Keeper',
      chapterPosition: 1,
    })
    const before = await highlightCount(t)
    const locked = await api.create(rosa, {
      target: onChapter(1),
      selectors: selectorsIn(CHAPTERS[1], 'the ship'),
    })
    expect(locked.statusCode, locked.body).toBe(403)
    const elsewhere = { bookId: book.id, chapterId: freePost.id }
    const unknown = await api.create(rosa, {
      target: elsewhere,
      selectors: selectorsIn(CHAPTERS[1], 'the ship'),
    })
    expect(unknown.statusCode).toBe(404)
    expect(await highlightCount(t)).toBe(before)
    // The owner reads, and highlights, every chapter.
    await api.highlight(bella, onChapter(1), CHAPTERS[1], 'the ship')
  })

  it('gates a subscribers-only post as its page does: 403 for a non-subscriber, fine for a subscriber', async () => {
    const target = { postId: paidPost.id }
    const selectors = selectorsIn(PAID_HTML, 'the hidden cove')
    expect((await api.create(olly, { target, selectors })).statusCode).toBe(403)
    expect((await api.create(bella, { target, selectors })).statusCode).toBe(201)
    expect((await api.create(olly, { target: { postId: admin.id }, selectors })).statusCode).toBe(404)
  })
})

describe('only the owner', () => {
  it('another reader gets 404 reading, changing or deleting it, and never sees it in a list or export', async () => {
    const mine = await api.highlight(rosa, onPost(), POST_HTML, 'climbed the stairs', {
      note: 'a secret thought',
    })
    for (const res of [
      await api.get(olly, mine.id),
      await api.update(olly, mine.id, { colour: 'pink', note: 'mine now' }),
      await api.remove(olly, mine.id),
      await api.get(admin, mine.id),
    ])
      expect(res.statusCode, res.body).toBe(404)
    expect(await items(await api.list(olly))).toEqual([])
    expect((await api.onTarget(olly, onPost())).json().items).toEqual([])
    expect((await api.exported(olly)).body).not.toContain('a secret thought')
    const [row] = await t.database.db.select().from(highlight).where(eq(highlight.id, mine.id))
    expect(row).toMatchObject({ colour: 'yellow', note: 'a secret thought' })
  })

  it('changes the colour and the note, clears the note, deletes', async () => {
    const mine = await api.highlight(rosa, onPost(), POST_HTML, 'at dusk')
    const bad = await api.update(rosa, mine.id, {})
    expect(bad.statusCode).toBe(400)
    expect((await api.update(rosa, mine.id, { colour: 'purple' })).json().error.fields).toHaveProperty(
      'colour',
    )
    const changed = await api.update(rosa, mine.id, { colour: 'pink', note: 'Dusk!' })
    expect(changed.json()).toMatchObject({ colour: 'pink', note: 'Dusk!', exact: 'at dusk' })
    expect((await api.update(rosa, mine.id, { note: null })).json()).toMatchObject({
      colour: 'pink',
      note: null,
    })
    expect((await api.remove(rosa, mine.id)).statusCode).toBe(204)
    expect((await api.get(rosa, mine.id)).statusCode).toBe(404)
    expect((await api.remove(rosa, mine.id)).statusCode).toBe(404)
  })
})

describe('when the text changes', () => {
  it('follows a passage that moved, and reports one edited away as orphaned, still listed', async () => {
    const html = '<p>First light. The gulls returned to the rock. The tide was out.</p>'
    const p = await publishedPost(t, admin, writer, { title: 'Gulls', bodyHtml: html, access: 'free' })
    const moved = await api.highlight(rosa, { postId: p.id }, html, 'The tide was out.')
    const gone = await api.highlight(rosa, { postId: p.id }, html, 'The gulls returned', { note: 'gulls!' })

    await t.database.db
      .update(post)
      .set({ bodyHtml: '<p>A new opening. First light. The tide was out. Nothing else.</p>' })
      .where(eq(post.id, p.id))
    const now = (await api.onTarget(rosa, { postId: p.id })).json().items as Highlight[]
    expect(now.find((h) => h.id === moved.id)).toMatchObject({ orphaned: false, exact: 'The tide was out.' })
    expect(now.find((h) => h.id === gone.id)).toMatchObject({ orphaned: true, note: 'gulls!' })
    const listed = await items(await api.list(rosa, `?postId=${p.id}`))
    expect(listed.map((h) => [h.exact, h.orphaned])).toEqual([
      ['The gulls returned', true],
      ['The tide was out.', false],
    ])
  })

  it('reports a chapter highlight orphaned after the chapter is rewritten', async () => {
    const made = await api.highlight(bella, onChapter(0), CHAPTERS[0], 'over the headland')
    await t.database.db
      .update(bookChapter)
      .set({ bodyHtml: '<p>Night one: calm.</p>' })
      .where(eq(bookChapter.id, book.chapterIds[0]))
    expect((await api.get(bella, made.id)).json()).toMatchObject({
      orphaned: true,
      exact: 'over the headland',
    })
    await t.database.db
      .update(bookChapter)
      .set({ bodyHtml: CHAPTERS[0] })
      .where(eq(bookChapter.id, book.chapterIds[0]))
  })
})
