import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { SHOWN } from '#common/query-keys.ts'
import { publishedBook } from '#server/modules/books/books.fixtures.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { fakeWebBuild } from './fake-web-build.ts'

// What a server-rendered page hands the app (decision 026): for every public page, each seeded
// query's data is exactly what the endpoint behind that query key answers a signed-out visitor,
// and a screen whose address holds filters gets no list it would not show. (The browser journey
// e2e/ssr.spec.ts checks the other half: the app's first render fetches none of it again.)

let t: TestApp
let dist: string
let grace: TestUser
let post = { id: '', slug: '' }
let bookId = ''

type Key = [string, ...unknown[]]
interface Seeded {
  fresh: boolean
  queries: Array<{ key: Key; data: unknown; infinite?: boolean }>
}

async function seeded(url: string): Promise<Seeded> {
  const res = await t.request({ method: 'GET', url })
  expect(res.statusCode, url).toBe(200)
  const data = /<script type="application\/json" id="inkwell-data">([^<]*)<\/script>/.exec(res.body)?.[1]
  return data ? (JSON.parse(data) as Seeded) : { fresh: true, queries: [] }
}

const search = (query: object) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()

/** The endpoint the web's hook for `key` reads (common/query-keys.ts). */
function endpointOf([scope, kind, ...rest]: Key): string {
  const [a, b] = rest as [unknown, unknown]
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
  await publishedPost(t, admin, grace, {
    title: 'A locked story',
    access: 'subscribers',
    bodyHtml: '<p>Secret</p>',
  })
  bookId = (
    await publishedBook(t, admin, grace, ['<p>One</p>', '<p>Two</p>'], {
      title: 'The Lantern Keeper',
      previewChapters: 1,
    })
  ).id
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('the data a page hands the app', () => {
  it.each([
    ['/', 6],
    ['/academic', 4],
    ['/fiction', 3],
    ['/truestories', 3],
    ['/contents', 2],
    ['/subject/physics', 5],
    ['/profile', 1],
    ['/books', 2],
    ['the writer', 3],
    ['the book', 3],
    ['the post', 4],
  ])('%s: each query is what its endpoint answers a signed-out visitor', async (page, count) => {
    const url =
      page === 'the writer'
        ? `/writer/${grace.id}`
        : page === 'the book'
          ? `/read/${bookId}`
          : page === 'the post'
            ? `/learn/${grace.id}/${post.slug}`
            : page
    const { fresh, queries } = await seeded(url)
    expect(fresh).toBe(true)
    expect(queries).toHaveLength(count)
    for (const { key, data } of queries) {
      const res = await t.request({ method: 'GET', url: endpointOf(key) })
      expect(res.statusCode, endpointOf(key)).toBe(200)
      expect(data, JSON.stringify(key)).toEqual(res.json())
    }
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
      (await seeded(url)).queries.map((q) => q.key.slice(0, 2).join(' ')).sort()
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
