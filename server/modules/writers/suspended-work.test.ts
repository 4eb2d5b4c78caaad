import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { examFixtures } from '#server/modules/exams/exams.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// A suspended writer's work leaves every list, search and count a reader sees, as it leaves the
// writer pages, feeds and sitemaps; lifting the suspension brings it back. Everyone else's stays.

let t: TestApp
let admin: TestUser
let sam: TestUser
let grace: TestUser
const samsWork = { post: '', postPath: '', book: '', exam: '' }
const gracesWork = { ...samsWork }
const SUBJECT = 'physics'

const get = async (url: string, cookie?: string) => {
  const res = await t.request({ method: 'GET', url, cookie })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json()
}

async function publishedPost(author: TestUser, title: string) {
  const created = await t.request({
    method: 'POST',
    url: '/api/posts',
    cookie: author.cookie,
    body: { title, category: 'academic', subjectSlug: SUBJECT, bodyHtml: `<p>${title} explained.</p>` },
  })
  expect(created.statusCode, created.body).toBe(201)
  const { id, slug }: { id: string; slug: string } = created.json()
  for (const [url, cookie] of [
    [`/api/posts/${id}/submit`, author.cookie],
    [`/api/admin/posts/${id}/approve`, admin.cookie],
  ]) {
    const res = await t.request({ method: 'POST', url, cookie })
    expect(res.statusCode, res.body).toBe(200)
  }
  return { post: id, postPath: `/api/posts/by/${author.id}/${slug}` }
}

async function publishAll(author: TestUser, word: string) {
  const exams = examFixtures(t)
  return {
    ...(await publishedPost(author, `Quantum ${word}`)),
    book: (
      await publishedBook(t, admin, author, ['<p>One.</p>', '<p>Two.</p>'], {
        title: `Quantum ${word} stories`,
      })
    ).id,
    exam: (await exams.publishedExam(author, admin, { title: `Quantum ${word} quiz` })).id,
  }
}

const suspend = async (suspended: boolean) => {
  const res = await t.request({
    method: 'PUT',
    url: `/api/admin/users/${sam.id}/suspension`,
    cookie: admin.cookie,
    body: { suspended, reason: suspended ? 'Spam' : '' },
  })
  expect(res.statusCode, res.body).toBe(200)
}

const ids = (page: { items: Array<{ id: string }> } | Array<{ id: string }>) =>
  (Array.isArray(page) ? page : page.items).map((item) => item.id)

/** What a reader finds of each writer's work, list by list. */
async function found(work: typeof samsWork, reader?: TestUser) {
  const cookie = reader?.cookie
  return {
    feed: ids(await get('/api/posts?limit=50', cookie)).includes(work.post),
    subjectFeed: ids(await get(`/api/posts?subject=${SUBJECT}&limit=50`, cookie)).includes(work.post),
    popular: ids(await get('/api/posts/popular?limit=20', cookie)).includes(work.post),
    postSearch: ids(await get('/api/search/posts?q=quantum', cookie)).includes(work.post),
    store: ids(await get('/api/books?limit=50', cookie)).includes(work.book),
    bookSearch: ids(await get('/api/search/books?q=quantum', cookie)).includes(work.book),
    exams: ids(await get('/api/exams?limit=50', cookie)).includes(work.exam),
    examSearch: ids(await get('/api/search/exams?q=quantum', cookie)).includes(work.exam),
  }
}

const everywhere = {
  feed: true,
  subjectFeed: true,
  popular: true,
  postSearch: true,
  store: true,
  bookSearch: true,
  exams: true,
  examSearch: true,
}
const nowhere = Object.fromEntries(Object.keys(everywhere).map((list) => [list, false]))

const subjectCount = async () =>
  (await get('/api/subjects')).find((s: { slug: string }) => s.slug === SUBJECT).posts as number

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  sam = await createUser(t, { name: 'Sam Suspended' })
  grace = await createUser(t, { name: 'Grace Okafor' })
  Object.assign(samsWork, await publishAll(sam, 'tunnelling'))
  Object.assign(gracesWork, await publishAll(grace, 'entanglement'))
})
afterAll(() => t.close())

describe("a suspended writer's work", () => {
  it('is in every list while the writer is in good standing', async () => {
    expect(await found(samsWork)).toEqual(everywhere)
    expect(await found(gracesWork)).toEqual(everywhere)
  })

  it('leaves every list, search and subject count, for readers signed in or not, and comes back when lifted', async () => {
    const before = await subjectCount()
    await buyBook(t, grace, samsWork.book)
    await suspend(true)
    expect(await found(samsWork)).toEqual(nowhere)
    expect(await found(samsWork, grace)).toEqual(nowhere)
    expect(await subjectCount()).toBe(before - 1)
    // The other writers' work is untouched.
    expect(await found(gracesWork)).toEqual(everywhere)
    // The writer's page and its lists go with it.
    expect((await t.request({ method: 'GET', url: `/api/writers/${sam.id}` })).statusCode).toBe(404)
    // A link to a piece still opens it.
    await get(samsWork.postPath, grace.cookie)
    await get(`/api/books/${samsWork.book}`, grace.cookie)
    await get(`/api/exams/${samsWork.exam}`, grace.cookie)
    // A buyer keeps the book.
    const library = await get('/api/me/library', grace.cookie)
    expect(library.items.map((entry: { book: { id: string } }) => entry.book.id)).toContain(samsWork.book)

    await suspend(false)
    expect(await found(samsWork)).toEqual(everywhere)
    expect(await subjectCount()).toBe(before)
  })
})
