import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookPath, postPath } from '#common/paths.ts'
import { createTestClock } from '#server/clock.ts'
import { book, post, subject, user } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { SITEMAP_INDEX_REUSE_MS, SITEMAP_PAGE_SIZE } from './sitemap.ts'
import { childrenOf, parseXml, textOf } from './xml-check.ts'

// /sitemap.xml and its pages, /robots.txt, and the web app's fallback still answering every other
// page, through HTTP on a real database.

const clock = createTestClock()
let t: TestApp
let grace: TestUser
let banned: TestUser
let reader: TestUser
const get = (url: string) => t.request({ method: 'GET', url })
const local = (loc: string) => loc.slice(TEST_ORIGIN.length)

/** A published post written straight into the table (the routes are tested elsewhere). */
async function insertPost(
  by: TestUser,
  slug: string,
  status: 'draft' | 'pending' | 'published' | 'rejected',
) {
  const at = new Date(Date.UTC(2026, 0, 1))
  await t.database.db.insert(post).values({
    authorId: by.id,
    category: 'fiction',
    title: slug,
    slug,
    status,
    publishedAt: status === 'published' ? at : null,
    updatedAt: at,
    coverImage: slug === 'with-cover' ? '/api/files/covers/c-1.jpg' : null,
  })
}

/** A book written straight into the table, like the posts above; answers its id. */
async function insertBook(
  by: TestUser,
  title: string,
  status: 'draft' | 'pending' | 'published' | 'rejected',
) {
  const at = new Date(Date.UTC(2026, 0, 2))
  const [row] = await t.database.db
    .insert(book)
    .values({
      authorId: by.id,
      title,
      category: 'fiction',
      status,
      publishedAt: status === 'published' ? at : null,
      updatedAt: at,
      coverImage: status === 'published' ? '/api/files/covers/b-1.jpg' : null,
    })
    .returning({ id: book.id })
  return (row as { id: string }).id
}
const books: Record<string, string> = {}

async function sitemap(url: string) {
  const res = await get(url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
  return parseXml(res.body)
}

/** Every URL in every page the index names, page by page. */
async function crawl() {
  const index = await sitemap('/sitemap.xml')
  expect(index.name).toBe('sitemapindex')
  const pages: Record<string, string[]> = {}
  for (const entry of childrenOf(index, 'sitemap')) {
    const loc = textOf(entry, 'loc') as string
    expect(loc.startsWith(`${TEST_ORIGIN}/sitemap-`)).toBe(true)
    const urlset = await sitemap(local(loc))
    expect(urlset.name).toBe('urlset')
    pages[local(loc)] = childrenOf(urlset, 'url').map((url) => local(textOf(url, 'loc') as string))
  }
  return { index, pages }
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  grace = await createUser(t, { name: 'Grace Okafor' })
  banned = await createUser(t, { name: 'Sam Suspended' })
  reader = await createUser(t, { name: 'Rosa Reader' })
  await insertPost(grace, 'with-cover', 'published')
  for (const status of ['draft', 'pending', 'rejected'] as const)
    await insertPost(grace, `a-${status}`, status)
  await insertPost(banned, 'by-the-suspended', 'published')
  for (const status of ['published', 'draft', 'pending', 'rejected'] as const)
    books[status] = await insertBook(grace, `book-${status}`, status)
  books.suspended = await insertBook(banned, 'book-by-the-suspended', 'published')
  await t.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.id))
})
afterAll(() => t.close())

describe('the sitemap', () => {
  it('is an index of the fixed pages, subjects, posts, books and writers, each dated', async () => {
    const { index, pages } = await crawl()
    expect(Object.keys(pages)).toEqual([
      '/sitemap-pages.xml',
      '/sitemap-subjects.xml',
      '/sitemap-posts.xml',
      '/sitemap-books.xml',
      '/sitemap-writers.xml',
    ])
    const published = new Date(Date.UTC(2026, 0, 1)).toISOString()
    const bookPublished = new Date(Date.UTC(2026, 0, 2)).toISOString()
    // Dated by their newest post (or book); no subject has one yet.
    const dates = childrenOf(index, 'sitemap').map((entry) => textOf(entry, 'lastmod'))
    expect(dates).toEqual([published, undefined, published, bookPublished, published])
    expect(pages['/sitemap-pages.xml']).toEqual(
      expect.arrayContaining([
        '/',
        '/contents',
        '/books',
        '/academic',
        '/fiction',
        '/truestories',
        '/profile',
      ]),
    )
    const subjects = await t.database.db.select({ slug: subject.slug }).from(subject)
    expect(pages['/sitemap-subjects.xml']?.sort()).toEqual(subjects.map((s) => `/subject/${s.slug}`).sort())
  })

  it('lists published posts and their writers, never drafts, pending, rejected or suspended writers', async () => {
    const { pages } = await crawl()
    expect(pages['/sitemap-posts.xml']).toEqual([postPath(grace.id, 'with-cover')])
    expect(pages['/sitemap-writers.xml']).toEqual([`/writer/${grace.id}`])
    const all = Object.values(pages).flat().join('\n')
    for (const hidden of ['a-draft', 'a-pending', 'a-rejected', 'by-the-suspended', banned.id, reader.id])
      expect(all).not.toContain(hidden)
    const posts = await get('/sitemap-posts.xml')
    expect(posts.body).toContain(`<image:loc>${TEST_ORIGIN}/api/files/covers/c-1.jpg</image:loc>`)
  })

  it('lists published books with their covers, never drafts, pending, rejected or a suspended writer’s', async () => {
    const { pages } = await crawl()
    expect(pages['/sitemap-books.xml']).toEqual([bookPath(books.published as string)])
    const all = Object.values(pages).flat().join('\n')
    for (const hidden of ['draft', 'pending', 'rejected', 'suspended'])
      expect(all).not.toContain(books[hidden] as string)
    expect((await get('/sitemap-books.xml')).body).toContain(
      `<image:loc>${TEST_ORIGIN}/api/files/covers/b-1.jpg</image:loc>`,
    )
    expect((await get('/sitemap-books.xml?after=not-a-cursor')).statusCode).toBe(400)
  })

  it('refuses a page cursor it did not make', async () => {
    expect((await get('/sitemap-posts.xml?after=not-a-cursor')).statusCode).toBe(400)
  })

  it('answers odd addresses with a 4xx, never a 5xx', async () => {
    const odd = [
      '/sitemap-posts.xml?after=a&after=b',
      `/sitemap-posts.xml?after=${Buffer.from(JSON.stringify(['d', '2026-01-01T00:00:00.000Z', 'x'])).toString('base64url')}`,
      '/sitemap-writers.xml?after=%00',
      `/sitemap-writers.xml?after=${'z'.repeat(400)}`,
      '/writer/%00/rss',
      `/writer/${'x'.repeat(5000)}/atom`,
      '/subject/%E0%A4%A/rss',
      '/subject/%00/atom',
    ]
    for (const url of odd) {
      const res = await get(url)
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500)
    }
    expect((await get('/sitemap-writers.xml?after=zzz')).statusCode).toBe(200)
  })
})

describe('robots.txt', () => {
  it('names the sitemap and keeps crawlers out of private screens and the API', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = res.body.split('\n')
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`)
    for (const path of ['/admin', '/dashboard', '/settings', '/payment', '/api/', '/forum', '/exam'])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain('Allow: /api/files/')
    // Public pages stay open: no rule is a prefix of them.
    const rules = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length))
    for (const page of [
      '/',
      '/learn/a/b',
      '/writer/x',
      '/subject/maths',
      '/profile',
      '/privacy',
      '/rss',
      '/fiction/rss',
    ])
      expect(
        rules.filter((rule) => page.startsWith(rule)),
        page,
      ).toEqual([])
  })
})

describe('paging', () => {
  it(`splits posts into pages of ${SITEMAP_PAGE_SIZE}, each found by its start key`, async () => {
    const extra = SITEMAP_PAGE_SIZE + 1
    await t.database.db.execute(sql`
      insert into post (author_id, category, title, slug, status, published_at, updated_at)
      select ${grace.id}, 'fiction', 'Bulk ' || g, 'bulk-' || g, 'published',
        timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second', timestamptz '2025-01-01 00:00:00+00'
      from generate_series(1, ${extra}) g`)
    try {
      // A process builds the index once per SITEMAP_INDEX_REUSE_MS; each page is read fresh.
      const reused = Object.keys((await crawl()).pages).filter((p) => p.startsWith('/sitemap-posts.xml'))
      expect(reused).toEqual(['/sitemap-posts.xml'])
      clock.advance(SITEMAP_INDEX_REUSE_MS)
      const { pages } = await crawl()
      const postPages = Object.keys(pages).filter((p) => p.startsWith('/sitemap-posts.xml'))
      expect(postPages).toHaveLength(2)
      expect(postPages[1]).toMatch(/^\/sitemap-posts\.xml\?after=[\w-]+$/)
      const [first, second] = postPages.map((p) => pages[p] as string[])
      expect(first).toHaveLength(SITEMAP_PAGE_SIZE)
      // The last page holds three published keys; the suspended writer's post is left out of its list.
      expect(second).toHaveLength(2)
      expect(first?.[0]).toBe(postPath(grace.id, 'bulk-1'))
      expect(second).toEqual([postPath(grace.id, 'bulk-10001'), postPath(grace.id, 'with-cover')])
      expect(new Set([...(first ?? []), ...(second ?? [])]).size).toBe(SITEMAP_PAGE_SIZE + 2)
    } finally {
      await t.database.db.execute(sql`delete from post where slug like 'bulk-%'`)
    }
  })
})

describe('beside the web app', () => {
  let web: TestApp
  let dist: string
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-web-'))
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Inkwell app</title><div id="root"></div>',
    )
    web = await buildTestApp({ serveWeb: true, webDist: dist })
  })
  afterAll(async () => {
    await web.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('answers feeds, sitemaps and robots.txt itself, and the app for every other page', async () => {
    const type = async (url: string) => {
      const res = await web.request({ method: 'GET', url })
      return `${res.statusCode} ${res.headers['content-type']}`
    }
    expect(await type('/rss')).toBe('200 application/rss+xml; charset=utf-8')
    expect(await type('/fiction/rss')).toBe('200 application/rss+xml; charset=utf-8')
    expect(await type('/fiction/atom')).toBe('200 application/atom+xml; charset=utf-8')
    expect(await type('/sitemap.xml')).toBe('200 application/xml; charset=utf-8')
    expect(await type('/robots.txt')).toBe('200 text/plain; charset=utf-8')
    for (const page of ['/fiction', '/aboutus'])
      expect(await type(page), page).toBe('200 text/html; charset=utf-8')
    // Unknown addresses and missing items: the app's shell with a 404 (decision 026).
    for (const page of ['/writer/someone', '/learn/a/b', '/no/such/page'])
      expect(await type(page), page).toBe('404 text/html; charset=utf-8')
    const head = await web.request({ method: 'HEAD', url: '/rss' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
    expect(head.body).toBe('')
  })
})
