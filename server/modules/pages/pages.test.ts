import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postPath } from '#common/paths.ts'
import { SHOWN } from '#common/query-keys.ts'
import { createTestClock } from '#server/clock.ts'
import { addChapter, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { fakeWebBuild } from './fake-web-build.ts'

// Server-rendered pages through HTTP on a real database (decisions 026 and 030): what a visitor
// without JavaScript, a crawler or a link preview reads, and what never reaches them. The page's
// body is the app itself rendered on the server; its index.html is a fake build
// (fake-web-build.ts), so no web build is needed.

const FREE_SENTENCE = 'Every reader may read this free sentence.'
const SECRET_SENTENCE = 'Only paying subscribers ever read this sentence.'
const DRAFT_SENTENCE = 'Nobody outside the review sees this sentence.'
const PREVIEW_SENTENCE = 'The free preview chapter says this.'
const PAID_SENTENCE = 'Only buyers of the book read this paid chapter.'
const NASTY_TITLE = `Less </script><script>alert(1)</script> & "quoted"`
const COVER = '/api/files/covers/cover-1.jpg'
const BIO = 'Grace writes about waves, strings and the sea.'

let t: TestApp
let dist: string
let admin: TestUser
let grace: TestUser
let tomas: TestUser
const posts = { free: '', nasty: '', locked: '', draft: '', pending: '' }
let bookId = ''

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers })

async function write(by: TestUser, fields: Record<string, unknown>, then: 'draft' | 'submit' | 'approve') {
  const created = await t.request({ method: 'POST', url: '/api/posts', cookie: by.cookie, body: fields })
  expect(created.statusCode, created.body).toBe(201)
  const { id, slug } = created.json() as { id: string; slug: string }
  if (then !== 'draft') {
    const submitted = await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: by.cookie })
    expect(submitted.statusCode, submitted.body).toBe(200)
  }
  if (then === 'approve') {
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/posts/${id}/approve`,
      cookie: admin.cookie,
    })
    expect(approved.statusCode, approved.body).toBe(200)
  }
  return postPath(by.id, slug)
}

/** The page's pieces a crawler reads. */
function read(body: string) {
  const head = body.slice(0, body.indexOf('</head>'))
  const metaOf = (attr: string, key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(':', ':')}" content="([^"]*)"`).exec(head)?.[1]
  const jsonLd = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  )
  const data = /<script type="application\/json" id="inkwell-data">([^<]*)<\/script>/.exec(body)?.[1]
  // The app's own markup (web/server-render.tsx), up to the page's data.
  const root = body.slice(
    body.indexOf('<div id="root"'),
    body.indexOf('<script', body.indexOf('<div id="root"')),
  )
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    titles: head.match(/<title>/g)?.length,
    description: metaOf('name', 'description'),
    robots: metaOf('name', 'robots'),
    og: (key: string) => metaOf('property', `og:${key}`),
    twitter: (key: string) => metaOf('name', `twitter:${key}`),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    feeds: [...head.matchAll(/<link rel="alternate" type="([^"]*)" title="[^"]*" href="([^"]*)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    ),
    jsonLd,
    data: data ? (JSON.parse(data) as { queries: { key: unknown[]; data: unknown }[] }) : null,
    root,
    /** What the root reads as, without its markup (React separates adjacent texts with <!-- -->). */
    text: root
      .replace(/<[^>]*>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
  }
}

beforeAll(async () => {
  dist = fakeWebBuild()
  // A clock that stands still: the page says when it was drawn, and its ETag holds only while the
  // minute does.
  t = await buildTestApp({ serveWeb: true, webDist: dist }, { clock: createTestClock() })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Okafor' })
  tomas = await createUser(t, { name: 'Tomás Reyes' })
  const bio = await t.request({ method: 'PATCH', url: '/api/me', cookie: grace.cookie, body: { bio: BIO } })
  expect(bio.statusCode, bio.body).toBe(200)
  posts.free = await write(
    grace,
    {
      title: 'A free story',
      category: 'fiction',
      excerpt: 'A short free story by the sea',
      coverImage: COVER,
      bodyHtml: `<h2>First</h2><p>${FREE_SENTENCE}</p>`,
    },
    'approve',
  )
  posts.nasty = await write(
    grace,
    { title: NASTY_TITLE, category: 'fiction', excerpt: 'Tricky <b>markup</b>', bodyHtml: '<p>Plain</p>' },
    'approve',
  )
  posts.locked = await write(
    tomas,
    {
      title: 'A locked true story',
      category: 'true-story',
      access: 'subscribers',
      excerpt: 'The public teaser',
      bodyHtml: `<p>${SECRET_SENTENCE}</p>`,
    },
    'approve',
  )
  const hidden = { category: 'fiction', bodyHtml: `<p>${DRAFT_SENTENCE}</p>` }
  posts.draft = await write(grace, { ...hidden, title: 'Draft title' }, 'draft')
  posts.pending = await write(grace, { ...hidden, title: 'Pending title' }, 'submit')
  const book = await publishedBook(
    t,
    admin,
    grace,
    [`<p>${PREVIEW_SENTENCE}</p>`, `<p>${PAID_SENTENCE}</p>`],
    {
      title: 'The Lantern Keeper',
      previewChapters: 1,
    },
  )
  bookId = book.id
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('a post', () => {
  it('carries its title, description, canonical URL, link-preview tags, JSON-LD, body and data', async () => {
    const res = await get(posts.free)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    const page = read(res.body)
    expect(page.title).toBe('A free story · Inkwell')
    expect(page.titles).toBe(1)
    expect(page.description).toBe('A short free story by the sea')
    expect(page.canonical).toBe(`${TEST_ORIGIN}${posts.free}`)
    expect(page.robots).toBeUndefined()
    expect(page.og('title')).toBe('A free story')
    expect(page.og('type')).toBe('article')
    expect(page.og('url')).toBe(`${TEST_ORIGIN}${posts.free}`)
    expect(page.og('image')).toBe(`${TEST_ORIGIN}${COVER}`)
    expect(page.twitter('card')).toBe('summary_large_image')
    expect(page.feeds).toEqual([
      'application/rss+xml /rss',
      'application/atom+xml /atom',
      `application/rss+xml /writer/${grace.id}/rss`,
      `application/atom+xml /writer/${grace.id}/atom`,
    ])
    const article = page.jsonLd.find((item) => item['@type'] === 'Article')
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      headline: 'A free story',
      author: { '@type': 'Person', name: 'Grace Okafor', url: `${TEST_ORIGIN}/writer/${grace.id}` },
      mainEntityOfPage: `${TEST_ORIGIN}${posts.free}`,
      isAccessibleForFree: true,
    })
    expect(article?.datePublished).toEqual(expect.any(String))
    expect(page.jsonLd.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { name: 'Inkwell' },
        { name: 'Fiction', item: `${TEST_ORIGIN}/fiction` },
        { name: 'A free story' },
      ],
    })
    expect(page.root).toContain('<h1')
    expect(page.root).toContain('A free story</h1>')
    expect(page.root).toContain(`<p>${FREE_SENTENCE}</p>`)
    // The app's cache gets exactly what GET /api/posts/by/… answers a signed-out reader.
    const api = await get(`/api/posts/by/${grace.id}/${posts.free.split('/').pop()}`)
    expect(page.data?.queries[0]).toEqual({
      key: ['posts', 'by', grace.id, posts.free.split('/').pop()],
      data: api.json(),
    })
  })

  it('escapes what writers type everywhere it appears', async () => {
    const res = await get(posts.nasty)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>alert(1)')
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script/g)?.length)
    const page = read(res.body)
    expect(page.title).toBe(
      'Less &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; · Inkwell',
    )
    expect(page.description).toBe('Tricky &lt;b&gt;markup&lt;/b&gt;')
    // JSON-LD and the data parse back to the exact title.
    expect(page.jsonLd.find((item) => item['@type'] === 'Article')?.headline).toBe(NASTY_TITLE)
    expect(page.data?.queries[0]?.data).toMatchObject({ title: NASTY_TITLE })
  })

  it('a subscribers-only post shows its excerpt, never its body (HTML, JSON-LD or data)', async () => {
    const res = await get(posts.locked)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain(SECRET_SENTENCE)
    const page = read(res.body)
    expect(page.title).toBe('A locked true story · Inkwell')
    expect(page.root).toContain('The public teaser')
    expect(page.root).toContain('Subscribe to read it')
    expect(page.jsonLd.find((item) => item['@type'] === 'Article')?.isAccessibleForFree).toBe(false)
    expect(page.data?.queries[0]?.data).toMatchObject({ bodyHtml: null, locked: true })
    expect(page.og('image')).toBe(`${TEST_ORIGIN}/og-default.png`)
    expect(page.twitter('card')).toBe('summary')
  })

  it('a draft or pending post is a 404 with nothing of it; its author gets the page the app shows them', async () => {
    for (const url of [posts.draft, posts.pending]) {
      for (const who of [null, tomas]) {
        const res = await t.request({ method: 'GET', url, cookie: who?.cookie })
        expect(res.statusCode, url).toBe(404)
        expect(res.body).not.toContain(DRAFT_SENTENCE)
        expect(res.body).not.toMatch(/Draft title|Pending title/)
        // The page carries who is looking, and nothing of the post.
        const keys = read(res.body).data?.queries.map((q) => q.key[0])
        expect(
          keys?.filter((key) => !['auth-session', 'me', 'notifications'].includes(key as string)),
        ).toEqual([])
        const page = read(res.body)
        expect(page.title).toBe('Page not found · Inkwell')
        expect(page.robots).toBe('noindex')
        expect(page.canonical).toBeUndefined()
      }
      const own = await t.request({ method: 'GET', url, cookie: grace.cookie })
      expect(own.statusCode, url).toBe(200)
      expect(read(own.body).text).toMatch(/Draft title|Pending title/)
    }
  })
})

describe('a writer', () => {
  it('carries their name, bio, posts, ProfilePage JSON-LD, feeds and the data of its queries', async () => {
    const res = await get(`/writer/${grace.id}`)
    expect(res.statusCode).toBe(200)
    const page = read(res.body)
    expect(page.title).toBe('Grace Okafor · Inkwell')
    expect(page.description).toBe(BIO)
    expect(page.og('type')).toBe('profile')
    expect(page.og('image')).toBe(`${TEST_ORIGIN}/og-default.png`)
    expect(page.canonical).toBe(`${TEST_ORIGIN}/writer/${grace.id}`)
    expect(page.feeds).toContain(`application/rss+xml /writer/${grace.id}/rss`)
    expect(page.jsonLd.find((item) => item['@type'] === 'ProfilePage')).toMatchObject({
      mainEntity: { '@type': 'Person', name: 'Grace Okafor', description: BIO },
    })
    expect(page.text).toContain(BIO)
    expect(page.root).toContain(`href="${posts.free}"`)
    expect(page.text).toContain('A free story')
    expect(page.root).not.toMatch(/Draft title|Pending title/)
    expect(page.data?.queries.map((q) => q.key)).toEqual([
      ['writers', 'one', grace.id],
      ['posts', 'feed', { writer: grace.id }],
      ['books', 'shelf', { writer: grace.id, sort: 'bestselling' }, SHOWN.writerBooks],
      ['auth-session'],
    ])
  })

  it('an unknown writer is a 404', async () => {
    expect((await get(`/writer/${randomUUID()}`)).statusCode).toBe(404)
  })

  it('someone who has published nothing is a 404 signed out, though they said they write', async () => {
    const planner = await createUser(t, { name: 'Paula Planner' })
    const said = await t.request({
      method: 'PATCH',
      url: '/api/me',
      cookie: planner.cookie,
      body: { intent: 'write', bio: 'Soon: notes on tides.' },
    })
    expect(said.statusCode, said.body).toBe(200)
    const res = await get(`/writer/${planner.id}`)
    expect(res.statusCode).toBe(404)
    expect(read(res.body).robots).toBe('noindex')
    expect(res.body).not.toContain('Paula Planner')
    expect(res.body).not.toContain('notes on tides')
  })
})

describe('a book', () => {
  it('carries its title, blurb, contents and Book JSON-LD, and no chapter text (free or paid)', async () => {
    const res = await get(`/read/${bookId}`)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain(PAID_SENTENCE)
    expect(res.body).not.toContain(PREVIEW_SENTENCE)
    const page = read(res.body)
    expect(page.title).toBe('The Lantern Keeper · Inkwell')
    expect(page.description).toBe('A novel in three nights')
    expect(page.og('type')).toBe('book')
    const book = page.jsonLd.find((item) => item['@type'] === 'Book')
    expect(book).toMatchObject({
      name: 'The Lantern Keeper',
      description: 'A keeper, a storm, and the ship that should not be there.',
      author: { '@type': 'Person', name: 'Grace Okafor' },
      offers: { '@type': 'Offer', price: '4.99', priceCurrency: 'USD' },
    })
    expect(page.text).toContain('A keeper, a storm, and the ship that should not be there.')
    expect(page.text).toMatch(/Chapter 1 .*Chapter 2/)
    expect(page.data?.queries[0]?.key).toEqual(['books', 'one', bookId])
  })

  it('an unpublished book, an unknown one and a malformed id are 404s', async () => {
    const draft = await t.request({
      method: 'POST',
      url: '/api/books',
      cookie: grace.cookie,
      body: {
        title: 'Unfinished',
        subtitle: '',
        description: 'Secret blurb',
        category: 'fiction',
        language: 'en',
        price: 0,
        previewChapters: 1,
      },
    })
    expect(draft.statusCode, draft.body).toBe(201)
    const draftId = draft.json().id as string
    await addChapter(t, grace, draftId, 'Hidden chapter', '<p>Hidden</p>')
    for (const url of [`/read/${draftId}`, `/read/${randomUUID()}`, '/read/not-a-uuid']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toMatch(/Unfinished|Secret blurb|Hidden chapter/)
    }
  })
})

describe('listing and static pages', () => {
  it.each([
    ['/', 'Inkwell', 'A free story'],
    ['/fiction', 'Fiction · Inkwell', 'A free story'],
    ['/truestories', 'True stories · Inkwell', 'A locked true story'],
    ['/profile', 'Writers · Inkwell', 'Grace Okafor'],
    ['/books', 'Books Store · Inkwell', 'The Lantern Keeper'],
    ['/contents', 'All posts · Inkwell', 'A free story'],
    ['/aboutus', 'About us · Inkwell', 'We built Inkwell for people who learn by reading'],
    ['/privacy', 'Privacy policy · Inkwell', 'Privacy policy'],
    ['/terms', 'Terms of use · Inkwell', 'Terms of use'],
    ['/contact', 'Contact us · Inkwell', 'Contact us'],
  ])('%s has its title and content, and never an unpublished post', async (url, title, content) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    const page = read(res.body)
    expect(page.title).toBe(title)
    expect(page.canonical).toBe(`${TEST_ORIGIN}${url}`)
    expect(page.text).toContain(content)
    expect(res.body).not.toMatch(/Draft title|Pending title/)
    expect(res.body).not.toContain(SECRET_SENTENCE)
  })

  it('category and subject pages announce their own feeds', async () => {
    expect(read((await get('/fiction')).body).feeds).toContain('application/atom+xml /fiction/atom')
    const subjects = (await get('/api/subjects')).json() as { slug: string; name: string }[]
    const subject = subjects[0] as { slug: string; name: string }
    const page = read((await get(`/subject/${subject.slug}`)).body)
    expect(page.title).toBe(`${subject.name} · Inkwell`)
    expect(page.feeds).toContain(`application/rss+xml /subject/${subject.slug}/rss`)
    expect((await get('/subject/no-such-subject')).statusCode).toBe(404)
  })
})
