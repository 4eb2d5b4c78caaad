import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postPath } from '#common/paths.ts'
import { post, subject, user } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { childrenOf, parseXml, textOf, type XmlElement } from './xml-check.ts'

// The RSS feeds through HTTP on a real database: what each feed holds and in which order, how it
// escapes, what it never carries (subscribers-only bodies, unpublished posts, suspended writers),
// conditional GET, and a feed reader's own parser (Debian's python3-feedparser) when installed.

const FREE_SENTENCE = 'Every reader may read this free sentence.'
const SECRET_SENTENCE = 'Only paying subscribers ever read this sentence.'
const UNPUBLISHED_SENTENCE = 'Nobody outside the review sees this sentence.'
const NASTY_TITLE = `Less <than> & "quoted" 'apos' ]]> done`
const COVER = '/api/files/covers/cover-1.jpg'

let t: TestApp
let admin: TestUser
let grace: TestUser
let tomas: TestUser
let banned: TestUser
let subjectSlug: string
const ids: Record<'fiction' | 'academic' | 'locked' | 'banned', string> = {
  fiction: '',
  academic: '',
  locked: '',
  banned: '',
}

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers })
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000)

async function write(
  by: TestUser,
  fields: Record<string, unknown>,
  then: 'draft' | 'submit' | 'approve' | 'reject',
) {
  const created = await t.request({ method: 'POST', url: '/api/posts', cookie: by.cookie, body: fields })
  expect(created.statusCode, created.body).toBe(201)
  const id: string = created.json().id
  if (then === 'draft') return id
  const submitted = await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: by.cookie })
  expect(submitted.statusCode, submitted.body).toBe(200)
  if (then === 'submit') return id
  const decided = await t.request({
    method: 'POST',
    url: `/api/admin/posts/${id}/${then}`,
    cookie: admin.cookie,
    body: then === 'reject' ? { reason: 'Not yet' } : undefined,
  })
  expect(decided.statusCode, decided.body).toBe(200)
  return id
}

async function publishedOn(by: TestUser, fields: Record<string, unknown>, n: number) {
  const id = await write(by, fields, 'approve')
  await t.database.db
    .update(post)
    .set({ publishedAt: day(n), updatedAt: day(n) })
    .where(eq(post.id, id))
  return id
}

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Okafor' })
  tomas = await createUser(t, { name: 'Tomás Reyes' })
  banned = await createUser(t, { name: 'Sam Suspended' })
  const [first] = await t.database.db.select({ slug: subject.slug }).from(subject).limit(1)
  subjectSlug = (first as { slug: string }).slug
  ids.fiction = await publishedOn(
    grace,
    {
      title: 'A free story',
      category: 'fiction',
      excerpt: 'A short free story',
      coverImage: COVER,
      tags: ['night', 'sea'],
      bodyHtml: `<p>${FREE_SENTENCE} <a href="/learn/someone/elsewhere">A link</a></p>`,
    },
    1,
  )
  ids.academic = await publishedOn(
    grace,
    {
      title: NASTY_TITLE,
      category: 'academic',
      subjectSlug,
      excerpt: 'Tricky & <marked> up',
      bodyHtml: '<p>Maths</p>',
    },
    2,
  )
  ids.locked = await publishedOn(
    tomas,
    {
      title: 'A locked true story',
      category: 'true-story',
      access: 'subscribers',
      excerpt: 'The public teaser',
      bodyHtml: `<p>${SECRET_SENTENCE}</p>`,
    },
    3,
  )
  ids.banned = await publishedOn(
    banned,
    { title: 'By a suspended writer', category: 'fiction', bodyHtml: '<p>Suspended</p>' },
    4,
  )
  await t.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.id))
  const hidden = { category: 'fiction', bodyHtml: `<p>${UNPUBLISHED_SENTENCE}</p>` }
  await write(grace, { ...hidden, title: 'Draft title' }, 'draft')
  await write(grace, { ...hidden, title: 'Pending title' }, 'submit')
  await write(grace, { ...hidden, title: 'Rejected title' }, 'reject')
})
afterAll(() => t.close())

async function feed(url: string): Promise<{ channel: XmlElement; items: XmlElement[]; body: string }> {
  const res = await get(url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
  expect(res.headers['cache-control']).toBe('public, max-age=300')
  const rss = parseXml(res.body)
  expect(rss.name).toBe('rss')
  expect(rss.attrs.version).toBe('2.0')
  const channel = childrenOf(rss, 'channel')[0] as XmlElement
  return { channel, items: childrenOf(channel, 'item'), body: res.body }
}

const guids = (items: XmlElement[]) => items.map((item) => textOf(item, 'guid'))
const FEEDS = () => [
  '/rss',
  '/rss/',
  '/academic/rss',
  '/fiction/rss',
  '/truestories/rss',
  `/subject/${subjectSlug}/rss`,
  `/writer/${grace.id}/rss`,
  `/writer/${tomas.id}/rss`,
]

describe('the site feed', () => {
  it('lists published posts newest first, with Ghost-like fields and absolute links', async () => {
    const { channel, items } = await feed('/rss')
    expect(textOf(channel, 'title')).toBe('Inkwell')
    expect(textOf(channel, 'link')).toBe(`${TEST_ORIGIN}/`)
    expect(childrenOf(channel, 'atom:link')[0]?.attrs).toMatchObject({
      href: `${TEST_ORIGIN}/rss`,
      rel: 'self',
    })
    expect(textOf(channel, 'lastBuildDate')).toBe(day(3).toUTCString())
    expect(guids(items)).toEqual([ids.locked, ids.academic, ids.fiction])

    const free = items[2] as XmlElement
    expect(childrenOf(free, 'guid')[0]?.attrs.isPermaLink).toBe('false')
    expect(textOf(free, 'link')).toBe(`${TEST_ORIGIN}${postPath(grace.id, 'a-free-story')}`)
    expect(textOf(free, 'pubDate')).toBe(day(1).toUTCString())
    expect(textOf(free, 'dc:creator')).toBe('Grace Okafor')
    expect(childrenOf(free, 'category').map((c) => c.text)).toEqual(['Fiction', 'night', 'sea'])
    expect(textOf(free, 'description')).toBe('A short free story')
    expect(childrenOf(free, 'media:content')[0]?.attrs).toEqual({
      url: `${TEST_ORIGIN}${COVER}`,
      medium: 'image',
    })
    const html = textOf(free, 'content:encoded')
    expect(html).toContain(FREE_SENTENCE)
    expect(html).toContain(`<img src="${TEST_ORIGIN}${COVER}"`)
    expect(html).toContain(`href="${TEST_ORIGIN}/learn/someone/elsewhere"`)
  })

  it('gives a subscribers-only post its excerpt and a way to subscribe, never its body', async () => {
    const { items, body } = await feed('/rss')
    const locked = items[0] as XmlElement
    expect(textOf(locked, 'description')).toBe('The public teaser')
    const html = textOf(locked, 'content:encoded') ?? ''
    expect(html).toContain('The public teaser')
    expect(html).toContain('Subscribe to read')
    expect(html).toContain(`href="${TEST_ORIGIN}${postPath(tomas.id, 'a-locked-true-story')}"`)
    expect(body).not.toContain(SECRET_SENTENCE)
  })

  it('escapes titles and excerpts so they read back exactly', async () => {
    const { items, body } = await feed('/rss')
    const academic = items[1] as XmlElement
    expect(textOf(academic, 'title')).toBe(NASTY_TITLE)
    expect(textOf(academic, 'description')).toBe('Tricky & <marked> up')
    expect(body).toContain('&lt;than&gt; &amp; &quot;quoted&quot; &apos;apos&apos; ]]&gt; done')
  })

  it('answers /rss/ as well, the way Ghost spells its feeds', async () => {
    expect(guids((await feed('/rss/')).items)).toEqual(guids((await feed('/rss')).items))
  })
})

describe('the category, subject and writer feeds', () => {
  it.each([
    ['/academic/rss', 'Academic – Inkwell', ['academic']],
    ['/fiction/rss', 'Fiction – Inkwell', ['fiction']],
    ['/truestories/rss', 'True stories – Inkwell', ['locked']],
  ] as const)('%s holds its category only', async (url, title, expected) => {
    const { channel, items } = await feed(url)
    expect(textOf(channel, 'title')).toBe(title)
    expect(textOf(channel, 'link')).toBe(`${TEST_ORIGIN}${url.replace('/rss', '')}`)
    expect(guids(items)).toEqual(expected.map((key) => ids[key]))
  })

  it("a subject's feed holds its posts; an unknown subject is a 404", async () => {
    const { channel, items } = await feed(`/subject/${subjectSlug}/rss`)
    expect(textOf(channel, 'link')).toBe(`${TEST_ORIGIN}/subject/${subjectSlug}`)
    expect(guids(items)).toEqual([ids.academic])
    expect((await get('/subject/no-such-subject/rss')).statusCode).toBe(404)
  })

  it("a writer's feed holds their posts; an unknown or suspended writer is a 404", async () => {
    const { channel, items } = await feed(`/writer/${grace.id}/rss`)
    expect(textOf(channel, 'title')).toBe('Grace Okafor – Inkwell')
    expect(guids(items)).toEqual([ids.academic, ids.fiction])
    expect((await get('/writer/nobody-at-all/rss')).statusCode).toBe(404)
    expect((await get(`/writer/${banned.id}/rss`)).statusCode).toBe(404)
  })

  it('no feed carries a locked body, an unpublished post or a suspended writer', async () => {
    for (const url of FEEDS()) {
      const { body } = await feed(url)
      for (const hidden of [
        SECRET_SENTENCE,
        UNPUBLISHED_SENTENCE,
        'Draft title',
        'Pending title',
        'Rejected title',
      ])
        expect(body, `${url} holds "${hidden}"`).not.toContain(hidden)
      expect(body).not.toContain(ids.banned)
      expect(body).not.toContain('Sam Suspended')
    }
  })
})

/** The Atom twin of an RSS feed address. */
const atomOf = (rssUrl: string) => rssUrl.replace(/\/rss(\/?)$/, '/atom$1')

async function atom(url: string): Promise<{ feed: XmlElement; entries: XmlElement[]; body: string }> {
  const res = await get(url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
  const root = parseXml(res.body)
  expect(root.name).toBe('feed')
  expect(root.attrs.xmlns).toBe('http://www.w3.org/2005/Atom')
  return { feed: root, entries: childrenOf(root, 'entry'), body: res.body }
}

describe('Atom', () => {
  it('holds the same posts as each RSS feed, in the same order, at the page address + /atom', async () => {
    for (const url of FEEDS()) {
      const { items } = await feed(url)
      const { entries } = await atom(atomOf(url))
      expect(
        entries.map((e) => textOf(e, 'id')),
        url,
      ).toEqual(guids(items).map((id) => `urn:uuid:${id}`))
      expect(entries.map((e) => textOf(e, 'title'))).toEqual(items.map((item) => textOf(item, 'title')))
    }
  })

  it('carries the fields a reader needs, and a locked post without its body', async () => {
    const { feed: root, entries, body } = await atom('/atom')
    expect(childrenOf(root, 'link').map((l) => l.attrs)).toEqual([
      { rel: 'self', href: `${TEST_ORIGIN}/atom`, type: 'application/atom+xml' },
      { rel: 'alternate', href: `${TEST_ORIGIN}/`, type: 'text/html' },
    ])
    expect(textOf(root, 'updated')).toBe(day(3).toISOString())
    const [locked, academic, free] = entries as [XmlElement, XmlElement, XmlElement]
    expect(textOf(academic, 'title')).toBe(NASTY_TITLE)
    expect(textOf(free, 'published')).toBe(day(1).toISOString())
    expect(textOf(childrenOf(free, 'author')[0] as XmlElement, 'name')).toBe('Grace Okafor')
    expect(childrenOf(free, 'link')[0]?.attrs.href).toBe(
      `${TEST_ORIGIN}${postPath(grace.id, 'a-free-story')}`,
    )
    expect(childrenOf(free, 'category').map((c) => c.attrs.term)).toEqual(['Fiction', 'night', 'sea'])
    expect(textOf(free, 'content')).toContain(FREE_SENTENCE)
    expect(textOf(locked, 'content')).toContain('Subscribe to read')
    expect(body).not.toContain(SECRET_SENTENCE)
    expect((await get('/writer/nobody-at-all/atom')).statusCode).toBe(404)
  })
})

describe('a feed without posts', () => {
  it("is as new as its writer's last change, or else the site's newest publication, never 1970", async () => {
    const quiet = await createUser(t, { name: 'Quiet Writer' })
    await t.database.db
      .update(user)
      .set({ updatedAt: day(-10) })
      .where(eq(user.id, quiet.id))
    const writerFeed = await atom(`/writer/${quiet.id}/atom`)
    expect(writerFeed.entries).toEqual([])
    expect(textOf(writerFeed.feed, 'updated')).toBe(day(-10).toISOString())
    expect(textOf((await feed(`/writer/${quiet.id}/rss`)).channel, 'lastBuildDate')).toBe(
      day(-10).toUTCString(),
    )

    // A subject has no time of its own: the site's newest publication (not the suspended writer's).
    const [empty] = await t.database.db
      .select({ slug: subject.slug })
      .from(subject)
      .where(ne(subject.slug, subjectSlug))
      .limit(1)
    const subjectFeed = await atom(`/subject/${(empty as { slug: string }).slug}/atom`)
    expect(subjectFeed.entries).toEqual([])
    expect(textOf(subjectFeed.feed, 'updated')).toBe(day(3).toISOString())
  })

  it('on a site with nothing published yet, is as new as its first account', async () => {
    const fresh = await buildTestApp()
    try {
      const first = await createUser(fresh)
      await createUser(fresh)
      await fresh.database.db
        .update(user)
        .set({ createdAt: day(-30) })
        .where(eq(user.id, first.id))
      const res = await fresh.request({ method: 'GET', url: '/atom' })
      expect(res.statusCode).toBe(200)
      const root = parseXml(res.body)
      expect(childrenOf(root, 'entry')).toEqual([])
      expect(textOf(root, 'updated')).toBe(day(-30).toISOString())
    } finally {
      await fresh.close()
    }
  })
})

describe('conditional GET', () => {
  it('answers 304 to a matching ETag or an unchanged Last-Modified, and 200 once the feed changes', async () => {
    const first = await get('/fiction/rss')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['last-modified']).toBe(day(1).toUTCString())

    const same = await get('/fiction/rss', { 'if-none-match': etag })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')
    expect((await get('/fiction/rss', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304)
    expect((await get('/fiction/rss', { 'if-modified-since': day(1).toUTCString() })).statusCode).toBe(304)
    expect((await get('/fiction/rss', { 'if-modified-since': day(0).toUTCString() })).statusCode).toBe(200)
    // A tag that does not match wins over a date that would.
    const both = { 'if-none-match': '"stale"', 'if-modified-since': day(9).toUTCString() }
    expect((await get('/fiction/rss', both)).statusCode).toBe(200)

    // Compressed when asked (brotli first), each coding its own representation with its own tag.
    const squeezed = await get('/fiction/rss', { 'accept-encoding': 'gzip, br' })
    expect(squeezed.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(squeezed.rawPayload).toString()).toBe(first.body)
    const zipped = await get('/fiction/rss', { 'accept-encoding': 'br;q=0, gzip;q=0.8' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toBe('Accept-Encoding')
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(first.body)
    expect(new Set([etag, squeezed.headers.etag, zipped.headers.etag]).size).toBe(3)
    const zippedAgain = { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string }
    expect((await get('/fiction/rss', zippedAgain)).statusCode).toBe(304)
    // The plain copy's tag does not stand for the compressed one.
    expect((await get('/fiction/rss', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(
      200,
    )
    expect(
      (await get('/fiction/rss', { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined()

    const atomTag = (await get('/fiction/atom')).headers.etag as string
    expect((await get('/fiction/atom', { 'if-none-match': atomTag })).statusCode).toBe(304)

    const added = await publishedOn(
      tomas,
      { title: 'A newer story', category: 'fiction', bodyHtml: '<p>Newer</p>' },
      5,
    )
    const changed = await get('/fiction/rss', { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toContain(added)
    await t.database.db.delete(post).where(eq(post.id, added))
  })
})

// Debian's package is for Debian's Python (/usr/bin/python3), which another python3 on PATH may hide.
const python = ['/usr/bin/python3', 'python3'].find(
  (candidate) => spawnSync(candidate, ['-c', 'import feedparser']).status === 0,
)
const hasFeedparser = python !== undefined

// What a feed reader does with the feeds: Debian's python3-feedparser (apt-get install python3-feedparser).
// Skipped, and named so, where it is not installed (.ci/run installs it).
describe.skipIf(!hasFeedparser)(
  'feedparser (python3-feedparser; apt-get install -y python3-feedparser)',
  () => {
    it('parses every RSS and Atom feed without complaint, with the same entries', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-feeds-'))
      try {
        for (const url of FEEDS()) {
          const { items, body } = await feed(url)
          const file = path.join(dir, 'feed.xml')
          fs.writeFileSync(file, body)
          const script = [
            'import feedparser, json, sys',
            'd = feedparser.parse(sys.argv[1])',
            'print(json.dumps({"bozo": bool(d.bozo), "version": d.version, "error": str(d.get("bozo_exception", "")),',
            '  "ids": [e.id for e in d.entries], "titles": [e.title for e in d.entries],',
            '  "authors": [e.get("author") for e in d.entries]}))',
          ].join('\n')
          const parsed = JSON.parse(
            execFileSync(python as string, ['-c', script, file], { encoding: 'utf8' }),
          )
          expect(parsed, url).toMatchObject({ bozo: false, version: 'rss20', ids: guids(items) })
          expect(parsed.titles).toEqual(items.map((item) => textOf(item, 'title')))
          expect(parsed.authors.every((name: string | null) => !!name)).toBe(true)

          fs.writeFileSync(file, (await atom(atomOf(url))).body)
          const parsedAtom = JSON.parse(
            execFileSync(python as string, ['-c', script, file], { encoding: 'utf8' }),
          )
          expect(parsedAtom, atomOf(url)).toMatchObject({
            bozo: false,
            version: 'atom10',
            ids: guids(items).map((id) => `urn:uuid:${id}`),
            titles: parsed.titles,
            authors: parsed.authors,
          })
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })
  },
)
