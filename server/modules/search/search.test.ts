import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PostHit, SEARCH_QUERY_MAX_LENGTH } from '#common/schemas/search.ts'
import { post, postLike } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { toSnippet } from './search.service.ts'

let t: TestApp
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

interface PostFields {
  title: string
  bodyHtml?: string
  excerpt?: string
  tags?: string[]
  access?: 'free' | 'subscribers'
}

async function draft(by: TestUser, fields: PostFields): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/posts',
    cookie: by.cookie,
    // A post is submitted only with a body: one with no word any query here looks for.
    body: { category: 'fiction', bodyHtml: '<p>Notes.</p>', ...fields },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

const submit = async (by: TestUser, id: string) =>
  expect(
    (await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: by.cookie })).statusCode,
  ).toBe(200)

/** An admin's submitted post is published at once. */
async function published(fields: PostFields): Promise<string> {
  const id = await draft(admin, fields)
  await submit(admin, id)
  return id
}

async function search(q: string, extra = ''): Promise<{ items: PostHit[]; nextCursor: string | null }> {
  const res = await t.request({ method: 'GET', url: `/api/search/posts?q=${encodeURIComponent(q)}${extra}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const ids = async (q: string) => (await search(q)).items.map((hit) => hit.id)
const snippetText = (hit: PostHit) => hit.snippet.map((s) => s.text).join('')
const matched = (hit: PostHit) => hit.snippet.filter((s) => s.match).map((s) => s.text)

describe('bad input', () => {
  it.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['a blank q', '?q=%20%20'],
  ])('answers 400 for %s', async (_, query) => {
    const res = await t.request({ method: 'GET', url: `/api/search/posts${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.q).toBe('Type something to search for')
  })

  it('answers 400 for a query that is too long', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/search/posts?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.q).toBe(`Keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters`)
  })

  it('answers 400 for a cursor it did not write', async () => {
    const res = await t.request({ method: 'GET', url: '/api/search/posts?q=anything&cursor=bm9wZQ' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.cursor).toBeDefined()
  })
})

describe('ranking', () => {
  it('puts a title match above a body-only match, however often the body says it', async () => {
    const body = await published({
      title: 'Night sky notes',
      bodyHtml: '<p>Quasar quasar quasar, a quasar.</p>',
    })
    const title = await published({ title: 'The quasar at the edge', bodyHtml: '<p>Far away light.</p>' })
    expect(await ids('quasar')).toEqual([title, body])
  })

  it('puts a tag or excerpt match above a body-only match', async () => {
    const body = await published({ title: 'Clouds', bodyHtml: '<p>A nebula glows.</p>' })
    const tag = await published({ title: 'Dust', tags: ['nebula'], bodyHtml: '<p>Gas and dust.</p>' })
    expect(await ids('nebula')).toEqual([tag, body])
    const excerpt = await published({ title: 'Gas', excerpt: 'Inside a pulsarine cloud' })
    const inBody = await published({ title: 'Stars', bodyHtml: '<p>Pulsarine beams.</p>' })
    expect(await ids('pulsarine')).toEqual([excerpt, inBody])
  })

  it('understands "phrases", -exclusions and or', async () => {
    const redGiant = await published({
      title: 'Aldebaran',
      bodyHtml: '<p>A red giant of the winter sky.</p>',
    })
    const giantRed = await published({ title: 'Betelgeuse', bodyHtml: '<p>The giant glows red tonight.</p>' })
    expect(await ids('"red giant"')).toEqual([redGiant])
    expect((await ids('giant red')).sort()).toEqual([redGiant, giantRed].sort())
    expect(await ids('giant -winter')).toEqual([giantRed])
    expect((await ids('aldebaran or betelgeuse')).sort()).toEqual([redGiant, giantRed].sort())
  })
})

describe('what is found', () => {
  it('never finds drafts, pending or rejected posts', async () => {
    await draft(writer, { title: 'Xylophonic draft' })
    await submit(writer, await draft(writer, { title: 'Xylophonic pending' }))
    const rejected = await draft(writer, { title: 'Xylophonic rejected' })
    await submit(writer, rejected)
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/posts/${rejected}/reject`,
      cookie: admin.cookie,
      body: { reason: 'Not yet' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await search('xylophonic')).toEqual({ items: [], nextCursor: null })
  })

  it('finds a subscribers post by its title and excerpt but never quotes or searches its body', async () => {
    const id = await published({
      title: 'Comet season',
      excerpt: 'Where to look for the comet this spring.',
      bodyHtml: '<p>The comet rises at 4am over the paidonly ridge, behind the secretive hill.</p>',
      access: 'subscribers',
    })
    const [hit] = (await search('comet')).items
    expect(hit.id).toBe(id)
    expect('Where to look for the comet this spring.').toContain(snippetText(hit))
    expect(matched(hit)).toEqual(['comet'])
    expect(await ids('paidonly')).toEqual([])
    expect(await ids('comet secretive')).toEqual([])
  })

  it('quotes a free post from its excerpt and body text: no tags, entities decoded', async () => {
    await published({
      title: 'Harbour lights',
      excerpt: 'A short one.',
      bodyHtml:
        '<p>Fish &amp; chips, 3 &lt; 4, by the <strong>lighthouse</strong>.</p><p>Two lighthouses blink.</p>',
    })
    const [hit] = (await search('lighthouse')).items
    const text = snippetText(hit)
    expect(text).toContain('Fish & chips, 3 < 4, by the lighthouse. Two lighthouses blink')
    expect(text).not.toMatch(/<strong>|<\/?p>|&amp;|&lt;/)
    expect(matched(hit)).toEqual(['lighthouse', 'lighthouses'])
  })

  it('quotes the words around a match deep in a long post, marking the cuts', async () => {
    const filler = (word: string) => Array.from({ length: 60 }, (_, i) => `${word}${i}`).join(' ')
    await published({
      title: 'Long read',
      bodyHtml: `<p>${filler('early')} the marigold ${filler('late')}</p>`,
    })
    const [hit] = (await search('marigold')).items
    const text = snippetText(hit)
    expect(text.startsWith('… ')).toBe(true)
    expect(text.endsWith(' …')).toBe(true)
    expect(matched(hit)).toEqual(['marigold'])
    expect(text.split(' ').length).toBeLessThan(30)
  })

  it('answers an empty page for a query with nothing to look up', async () => {
    await published({ title: 'The and of it' })
    for (const q of ['the and of', '!!! ...', '-quasar']) {
      expect(await search(q), q).toEqual({ items: [], nextCursor: null })
    }
  })

  it('returns the same card as the feeds: author, counts, featured', async () => {
    const id = await published({
      title: 'Marmalade skies',
      excerpt: 'Orange light.',
      tags: ['sunset'],
      bodyHtml: '<p>Evening.</p>',
    })
    await t.database.db.insert(postLike).values({ postId: id, userId: writer.id })
    await t.database.db.update(post).set({ featuredAt: new Date() }).where(eq(post.id, id))
    const [hit] = (await search('marmalade')).items
    expect(hit).toMatchObject({
      id,
      category: 'fiction',
      subjectSlug: null,
      title: 'Marmalade skies',
      excerpt: 'Orange light.',
      tags: ['sunset'],
      access: 'free',
      author: { id: admin.id, name: 'Ada Admin', image: null },
      likes: 1,
      comments: 0,
      views: 0,
      featured: true,
    })
    expect(hit.publishedAt).toEqual(expect.any(String))
    expect(hit).not.toHaveProperty('bodyHtml')
  })
})

describe('pagination', () => {
  it('walks every match once, best first, across pages', async () => {
    // Equal ranks (several identical posts) and distinct ones, so ties are broken by id.
    const made = [
      await published({ title: 'Pagewalk', bodyHtml: '<p>one</p>' }),
      await published({ title: 'Pagewalk', bodyHtml: '<p>two</p>' }),
      await published({ title: 'Pagewalk', bodyHtml: '<p>three</p>' }),
      await published({ title: 'Tags', tags: ['pagewalk'] }),
      await published({ title: 'Tags too', tags: ['pagewalk'] }),
      await published({ title: 'Body', bodyHtml: '<p>pagewalk</p>' }),
      await published({ title: 'Body too', bodyHtml: '<p>pagewalk here</p>' }),
    ]
    const all = await ids('pagewalk')
    expect(all.sort()).toEqual([...made].sort())
    const ranked = (await search('pagewalk', '&limit=50')).items.map((hit) => hit.id)

    const walked: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: PostHit[]; nextCursor: string | null } = await search(
        'pagewalk',
        `&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.items.length).toBeLessThanOrEqual(3)
      walked.push(...page.items.map((hit) => hit.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(walked).toEqual(ranked)
    expect(ranked.slice(0, 3).sort()).toEqual(made.slice(0, 3).sort())
  })
})

describe('toSnippet', () => {
  it('splits the markers into segments and drops empty ones', () => {
    const text = 'a b c d'
    expect(toSnippet('a \uE000b\uE001 c \uE000d\uE001', text, text)).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c ', match: false },
      { text: 'd', match: true },
    ])
    expect(toSnippet('', '', '')).toEqual([])
    expect(toSnippet('\uE000x\uE001\uE000y\uE001', 'xy', 'xy')).toEqual([{ text: 'xy', match: true }])
  })

  it('says where the headline cuts into the text', () => {
    expect(toSnippet('in the \uE000middle\uE001 of', 'It starts', 'and ends.')).toEqual([
      { text: '… in the ', match: false },
      { text: 'middle', match: true },
      { text: ' of …', match: false },
    ])
    // Punctuation ts_headline leaves out at the edges does not count as a cut.
    expect(toSnippet('“\uE000Start\uE001 to end', '"Start to end.', '"Start to end.')).toEqual([
      { text: '“', match: false },
      { text: 'Start', match: true },
      { text: ' to end', match: false },
    ])
  })
})
