import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { SHOWN } from '#common/query-keys.ts'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { fakeWebBuild } from './fake-web-build.ts'

// What a server-rendered page hands the app (decisions 026 and 041): for every public page, each
// seeded query's data is exactly what the endpoint behind that query key answers the same visitor,
// signed out or signed in (their session, profile and bell included), and a screen whose address
// holds filters gets no list it would not show. (The browser journey e2e/ssr.spec.ts checks the
// other half: the app's first render fetches none of it again.)

let t: TestApp
let dist: string
let grace: TestUser
let subscriber: TestUser
let owner: TestUser
let lockedSlug = ''
let post = { id: '', slug: '' }
let bookId = ''

type Key = [string, ...unknown[]]
interface Seeded {
  queries: Array<{ key: Key; data: unknown; infinite?: boolean }>
}

async function seeded(url: string, who: TestUser | null = null): Promise<Seeded> {
  const res = await t.request({ method: 'GET', url, cookie: who?.cookie })
  expect(res.statusCode, url).toBe(200)
  const data = /<script type="application\/json" id="inkwell-data">([^<]*)<\/script>/.exec(res.body)?.[1]
  return data ? (JSON.parse(data) as Seeded) : { queries: [] }
}

const search = (query: object) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()

/** The endpoint the web's hook for `key` reads (common/query-keys.ts). */
function endpointOf([scope, kind, ...rest]: Key): string {
  const [a, b] = rest as [unknown, unknown]
  if (scope === 'auth-session') return '/api/auth/get-session'
  if (scope === 'me') return '/api/me'
  // The bell's snapshot: the stream's first event, the newest page of the list beside the count.
  if (scope === 'notifications' && kind === 'latest') return '/api/notifications?limit=20'
  if (scope === 'posts' && kind === 'by') return `/api/posts/by/${a}/${b}`
  if (scope === 'posts' && kind === 'around') return `/api/posts/${a}/around`
  if (scope === 'posts' && a === 'comments') return `/api/posts/${kind}/comments?limit=${PAGE_SIZE_DEFAULT}`
  if (scope === 'posts' && kind === 'feed') return `/api/posts?${search(a as object)}`
  if (scope === 'posts' && kind === 'popular') return `/api/posts/popular?${search(a as object)}`
  if (scope === 'writers' && kind === 'one') return `/api/writers/${a}`
  if (scope === 'writers' && kind === 'list') return `/api/writers?${search(a ? { q: a } : {})}`
  if (scope === 'subjects') return kind ? `/api/subjects/${kind}` : '/api/subjects'
  if (scope === 'books' && kind === 'catalogue') return `/api/books?${search(a as object)}`
  if (scope === 'books' && kind === 'shelf') return `/api/books?${search({ ...(a as object), limit: b })}`
  if (scope === 'books' && kind === 'one' && rest[1] === 'reviews')
    return `/api/books/${a}/reviews?limit=${SHOWN.reviews}`
  if (scope === 'books' && kind === 'one') return `/api/books/${a}`
  if (scope === 'exams' && kind === 'list') return `/api/exams?${search(a as object)}`
  if (scope === 'forum' && kind === 'subjects')
    return `/api/forum/subjects/${a}/threads?${search(rest[2] as object)}`
  throw new Error(`no endpoint known for ${JSON.stringify([scope, kind, ...rest])}`)
}

beforeAll(async () => {
  dist = fakeWebBuild()
  t = await buildTestApp({ serveWeb: true, webDist: dist })
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Okafor' })
  post = await publishedPost(t, admin, grace, {
    title: 'Standing waves',
    category: 'academic',
    subjectSlug: 'physics',
    access: 'free',
    bodyHtml: '<p>A string held at both ends.</p>',
  })
  await setPrice(t, grace, 500)
  lockedSlug = (
    await publishedPost(t, admin, grace, {
      title: 'A locked story',
      access: 'subscribers',
      bodyHtml: '<p>Secret</p>',
    })
  ).slug
  bookId = (
    await publishedBook(t, admin, grace, ['<p>One</p>', '<p>Two</p>'], {
      title: 'The Lantern Keeper',
      previewChapters: 1,
    })
  ).id
  subscriber = await createUser(t, { name: 'Sam Subscriber' })
  owner = await createUser(t, { name: 'Olu Owner' })
  await paySubscription(t, subscriber, grace)
  await buyBook(t, owner, bookId)
}, 60_000)
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

/** A page's address: a path as it is, or one of the pages made here by name. */
const urlOf = (page: string) =>
  ({
    'the writer': `/writer/${grace.id}`,
    'the book': `/read/${bookId}`,
    'the post': `/learn/${grace.id}/${post.slug}`,
    'the locked post': `/learn/${grace.id}/${lockedSlug}`,
  })[page] ?? page

/** Each seeded query holds what its endpoint answers `who` (the session: the part the app reads). */
async function expectEndpointsAnswer(queries: Seeded['queries'], who: TestUser | null) {
  for (const { key, data } of queries) {
    if (key[0] === 'auth-session' && data === null) continue
    const res = await t.request({ method: 'GET', url: endpointOf(key), cookie: who?.cookie })
    expect(res.statusCode, endpointOf(key)).toBe(200)
    const answer = res.json()
    if (key[0] === 'auth-session') expect(answer, JSON.stringify(key)).toMatchObject(data as object)
    else if (key[0] === 'notifications') {
      const { items } = data as { items: unknown[] }
      expect(items, JSON.stringify(key)).toEqual(answer.items)
    } else expect(data, JSON.stringify(key)).toEqual(answer)
  }
}

describe('the data a page hands the app', () => {
  it.each([
    ['/', 7],
    ['/academic', 5],
    ['/fiction', 4],
    ['/truestories', 4],
    ['/contents', 3],
    ['/subject/physics', 6],
    ['/profile', 2],
    ['/books', 3],
    ['the writer', 4],
    ['the book', 4],
    ['the post', 5],
  ])('%s: each query is what its endpoint answers a signed-out visitor', async (page, count) => {
    const { queries } = await seeded(urlOf(page))
    expect(queries).toHaveLength(count)
    expect(queries).toContainEqual({ key: ['auth-session'], data: null })
    await expectEndpointsAnswer(queries, null)
  })

  it.each([
    ['the writer', 3 + 3],
    ['the post', 4 + 3],
    // Its discussion is for those who may read it: not for the owner of a book, who does not subscribe.
    ['the locked post', 4 + 3],
    ['the book', 3 + 3],
    ['/subject/physics', 5 + 3],
    ['/', 6 + 3],
  ])(
    '%s: each query is what its endpoint answers the signed-in visitor, with their session, profile and bell',
    async (page, count) => {
      for (const who of [grace, subscriber, owner]) {
        const { queries } = await seeded(urlOf(page), who)
        expect(queries, who.name).toHaveLength(
          page === 'the locked post' && who === owner ? count - 1 : count,
        )
        const keys = queries.map((q) => q.key)
        expect(keys).toContainEqual(['auth-session'])
        expect(keys).toContainEqual(['me'])
        expect(keys).toContainEqual(['notifications', 'latest'])
        await expectEndpointsAnswer(queries, who)
      }
    },
  )

  it("a subscriber's page holds the subscribers-only body; an owner's book is theirs", async () => {
    const postOf = async (who: TestUser | null) =>
      (await seeded(`/learn/${grace.id}/${lockedSlug}`, who)).queries.find((q) => q.key[1] === 'by')
        ?.data as {
        bodyHtml: string | null
        locked: boolean
      }
    expect(await postOf(subscriber)).toMatchObject({ locked: false, bodyHtml: '<p>Secret</p>' })
    expect(await postOf(owner)).toMatchObject({ locked: true, bodyHtml: null })
    expect(await postOf(null)).toMatchObject({ locked: true, bodyHtml: null })
    const bookOf = async (who: TestUser | null) =>
      (await seeded(`/read/${bookId}`, who)).queries.find((q) => q.key[0] === 'books' && q.key.length === 3)
        ?.data as { owned: boolean }
    expect((await bookOf(owner)).owned).toBe(true)
    expect((await bookOf(subscriber)).owned).toBe(false)
  })

  it('the home page has what its sections show, in their sizes', async () => {
    const keys = (await seeded('/')).queries.map((q) => q.key)
    expect(keys).toContainEqual(['posts', 'feed', { sort: 'featured', limit: SHOWN.featured }])
    expect(keys).toContainEqual([
      'posts',
      'feed',
      { category: 'academic', sort: 'newest', limit: SHOWN.latestPerCategory },
    ])
    expect(keys).toContainEqual(['posts', 'popular', { limit: SHOWN.popular }])
    expect(keys).toContainEqual(['books', 'shelf', { sort: 'bestselling' }, SHOWN.topBooks])
  })

  it('an address with filters gets no list its screen would not show', async () => {
    const lists = async (url: string) =>
      (await seeded(url)).queries
        .filter((q) => q.key[0] !== 'auth-session')
        .map((q) => q.key.slice(0, 2).join(' '))
        .sort()
    expect(await lists('/contents?category=fiction')).toEqual(['subjects'])
    expect(await lists('/books?q=lantern')).toEqual(['subjects'])
    expect(await lists('/profile?q=grace')).toEqual([])
    // A subject sorted by popularity is seeded sorted by popularity.
    const { queries } = await seeded('/subject/physics?sort=popular')
    expect(queries.map((q) => q.key)).toContainEqual([
      'posts',
      'feed',
      { subject: 'physics', sort: 'popular' },
    ])
  })
})
