import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterDelivery } from '#server/db/schema/index.ts'
import { addChapter, buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { createWriter, subscribePaid } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { digestWeekOf, fanOutDigest } from './delivery.service.ts'
import {
  followWriter,
  header,
  jobRunner,
  oneClick,
  setPrice,
  suspend,
  tokenIn,
} from './newsletters.fixtures.ts'

// The two other mails on the newsletter rails: "New chapter" to a book's owners, and the weekly
// digest for readers who chose it. Real database, real SMTP mailbox.

let t: TestApp
let admin: TestUser
let jobs: ReturnType<typeof jobRunner>

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  jobs = jobRunner(t)
})
afterAll(async () => {
  await t.close()
})

const to = (person: TestUser, subject: string | RegExp) =>
  t.mailbox.received.filter(
    (m) =>
      m.to.includes(person.email) &&
      (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
  )

const setPreferences = (person: TestUser, body: object) =>
  t.request({ method: 'PATCH', url: '/api/me/newsletters', cookie: person.cookie, body })

describe('a new chapter', () => {
  let writer: TestUser
  let owner: TestUser
  let quiet: TestUser
  let book: { id: string; chapterIds: string[] }
  beforeAll(async () => {
    writer = await createUser(t, { name: 'Cleo Chapters' })
    owner = await createUser(t, { name: 'Otto Owner' })
    quiet = await createUser(t, { name: 'Quinn Quiet' })
    book = await publishedBook(t, admin, writer, ['<p>One</p>', '<p>Two</p>'], { title: 'The Long Road' })
    await buyBook(t, owner, book.id)
    await buyBook(t, quiet, book.id)
    expect((await setPreferences(quiet, { newsletters: false })).statusCode).toBe(200)
  })

  it('reaches the owners once, as a short mail with a link to the chapter; never the writer', async () => {
    const chapter = await addChapter(t, writer, book.id, 'The Ferry', '<p>Across the water.</p>')
    await jobs.drain()
    const [mail] = to(owner, 'New chapter in The Long Road')
    expect(mail).toBeDefined()
    const parsed = await t.mailbox.parse(mail)
    expect(parsed.text).toContain('Chapter 3: The Ferry')
    expect(parsed.text).toContain(`/read/${book.id}?chapter=${chapter.id}`)
    expect(parsed.html).toContain('Read the chapter')
    expect(parsed.html).not.toContain('Across the water')
    expect(parsed.messageId).toMatch(new RegExp(`^<chapter\\.${chapter.id}\\.${owner.id}@`))
    expect(to(quiet, /New chapter/)).toEqual([])
    expect(to(writer, /New chapter/)).toEqual([])

    // Editing it again mails nobody a second time.
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${chapter.id}`,
      cookie: writer.cookie,
      body: { bodyHtml: '<p>Across the wide water.</p>' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    await jobs.drain()
    expect(to(owner, 'New chapter in The Long Road')).toHaveLength(1)
  })

  it('waits for words: a chapter added empty is announced when it is first written', async () => {
    const chapter = await addChapter(t, writer, book.id, 'Blank for now', '')
    await jobs.drain()
    expect(to(owner, /New chapter/)).toHaveLength(1)
    const written = await t.request({
      method: 'PATCH',
      url: `/api/books/${book.id}/chapters/${chapter.id}`,
      cookie: writer.cookie,
      body: { bodyHtml: '<p>Now it has words.</p>' },
    })
    expect(written.statusCode, written.body).toBe(200)
    await jobs.drain()
    const mails = to(owner, /New chapter/)
    expect(mails).toHaveLength(2)
    expect((await t.mailbox.parse(mails[1])).text).toContain('Chapter 4: Blank for now')
  })

  it('is not sent for a book still in draft, whose chapters are its publication', async () => {
    const draft = await t.request({
      method: 'POST',
      url: '/api/books',
      cookie: writer.cookie,
      body: { title: 'Unfinished', category: 'fiction', price: 0 },
    })
    expect(draft.statusCode, draft.body).toBe(201)
    await addChapter(t, writer, draft.json().id, 'Opening', '<p>Words.</p>')
    await jobs.drain()
    expect(to(owner, /Unfinished/)).toEqual([])
    const rows = await t.database.db
      .select()
      .from(newsletterDelivery)
      .where(eq(newsletterDelivery.recipientId, owner.id))
    expect(rows.filter((r) => r.chapterId)).toHaveLength(2)
  })
})

describe('the weekly digest', () => {
  let grace: TestUser
  let mei: TestUser
  let reader: TestUser
  let perPost: TestUser
  let week: string
  beforeAll(async () => {
    grace = await createWriter(t, 'Grace Digest')
    mei = await createWriter(t, 'Mei Digest')
    reader = await createUser(t, { name: 'Dora Digest' })
    perPost = await createUser(t, { name: 'Pat PerPost' })
    for (const writer of [grace, mei]) {
      await followWriter(t, reader, writer)
      await followWriter(t, perPost, writer)
    }
    const chose = await setPreferences(reader, { digest: true })
    expect(chose.statusCode, chose.body).toBe(200)
    expect(chose.json()).toMatchObject({ newsletters: true, digest: true })
    // The digest sent next Monday covers this week.
    week = digestWeekOf(new Date(t.app.ctx.clock.now().getTime() + 7 * 24 * 3600 * 1000))
  })

  it('replaces the mail per post for those who chose it; the others still get each post', async () => {
    await publishedPost(t, admin, grace, { title: 'Grace on Monday', bodyHtml: '<p>G</p>', access: 'free' })
    await setPrice(t, mei, 500)
    await publishedPost(t, admin, mei, {
      title: 'Mei for subscribers',
      bodyHtml: '<p>Locked words</p>',
      access: 'subscribers',
      excerpt: 'What Mei teases',
    })
    await jobs.drain()
    expect(to(perPost, 'Grace on Monday')).toHaveLength(1)
    expect(to(reader, 'Grace on Monday')).toEqual([])

    expect(await fanOutDigest(t.app.ctx, week)).toBe(1)
    await jobs.drain()
    const [digest] = to(reader, /^Your week on Inkwell/)
    // Each writer's first story (createWriter) is of this week too.
    expect(digest.subject).toBe('Your week on Inkwell: 4 new posts')
    const parsed = await t.mailbox.parse(digest)
    expect(parsed.text).toContain('First story by Mei Digest')
    expect(parsed.text).toContain('Grace on Monday\nby Grace Digest')
    expect(parsed.text).toContain('Mei for subscribers\nby Mei Digest · for subscribers\nWhat Mei teases')
    expect(parsed.text).not.toContain('Locked words')
    expect(parsed.messageId).toMatch(new RegExp(`^<digest\\.${week}\\.${reader.id}@`))
    expect(header(parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(to(perPost, /^Your week/)).toEqual([])

    // Once a week: the same week again adds nobody.
    expect(await fanOutDigest(t.app.ctx, week)).toBe(0)
    await jobs.drain()
    expect(to(reader, /^Your week/)).toHaveLength(1)
  })

  it('its one-click link turns every newsletter off, and the page can turn them on again', async () => {
    const [digest] = to(reader, /^Your week/)
    const token = tokenIn(header(await t.mailbox.parse(digest), 'List-Unsubscribe'))
    const unsubscribed = await oneClick(t, token)
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200)
    const read = await t.request({
      method: 'GET',
      url: `/api/newsletters/link?token=${encodeURIComponent(token)}`,
    })
    expect(read.json()).toMatchObject({ writer: null, emailNewPosts: false, imported: false })
    const mine = await t.request({ method: 'GET', url: '/api/me/newsletters', cookie: reader.cookie })
    expect(mine.json()).toMatchObject({ newsletters: false, digest: true })
    const again = await t.request({
      method: 'PUT',
      url: '/api/newsletters/link',
      body: { token, emailNewPosts: true },
    })
    expect(again.json()).toMatchObject({ emailNewPosts: true })
  })

  it('leaves out a suspended writer’s posts, and a reader with nothing new gets nothing', async () => {
    const suspended = await createWriter(t, 'Sid Suspended')
    const lonely = await createUser(t, { name: 'Lou Lonely' })
    await followWriter(t, lonely, suspended)
    await setPreferences(lonely, { digest: true })
    await suspend(t, suspended)
    expect(await fanOutDigest(t.app.ctx, week)).toBe(0)
    // The next week holds nothing yet for anyone.
    const later = digestWeekOf(new Date(t.app.ctx.clock.now().getTime() + 14 * 24 * 3600 * 1000))
    expect(await fanOutDigest(t.app.ctx, later)).toBe(0)
    await jobs.drain()
    expect(to(lonely, /^Your week/)).toEqual([])
  })

  it('keeps a subscriber’s paid posts whole only in the post’s own mail, never in the digest', async () => {
    const payer = await createUser(t, { name: 'Pay Digest' })
    await subscribePaid(t, payer, mei)
    expect((await setPreferences(payer, { digest: true })).statusCode).toBe(200)
    expect(await fanOutDigest(t.app.ctx, week)).toBe(1)
    await jobs.drain()
    const [digest] = to(payer, /^Your week/)
    expect((await t.mailbox.parse(digest)).text).not.toContain('Locked words')
  })
})

describe('PATCH /api/me/newsletters { digest }', () => {
  it('is refused signed out, and with a digest that is not a yes or no', async () => {
    expect(
      (await t.request({ method: 'PATCH', url: '/api/me/newsletters', body: { digest: true } })).statusCode,
    ).toBe(401)
    const someone = await createUser(t, { name: 'Val Valid' })
    const bad = await setPreferences(someone, { digest: 'weekly' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toHaveProperty('digest')
    const mine = await t.request({ method: 'GET', url: '/api/me/newsletters', cookie: someone.cookie })
    expect(mine.json().digest).toBe(false)
  })
})

describe('the week a digest covers', () => {
  it('is Monday to Monday (UTC) before the day it is sent', () => {
    expect(digestWeekOf(new Date('2026-11-30T08:00:00Z'))).toBe('2026-11-23')
    expect(digestWeekOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-16')
    expect(digestWeekOf(new Date('2027-01-04T08:00:00Z'))).toBe('2026-12-28')
  })
})
