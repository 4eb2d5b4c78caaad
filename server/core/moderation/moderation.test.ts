import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { notification } from '#server/db/schema/index.ts'
import { addChapter, draftBook } from '#server/modules/books/books.fixtures.ts'
import { examFixtures, validExam } from '#server/modules/exams/exams.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// The one review workflow as each kind's routes answer it: the same 404 and 409, the author's
// notification in each kind's words with its links, the clock's time on the row, and the first
// publication date kept when an edited item is approved again.

const clock = createTestClock()
let t: TestApp
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

type Item = { id: string; title: string; slug?: string }

interface Kind {
  noun: string
  admin: string
  /** A new item by the writer, waiting for review. */
  pending(): Promise<Item>
  /** The writer edits it (rejected, or published) and it waits for review again. */
  resubmit(item: Item): Promise<unknown>
  published(item: Item): { message: string; link: string }
  rejectedLink(item: Item): string
}

const send = async (method: 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown, user = writer) => {
  const res = await t.request({ method, url, cookie: user.cookie, body })
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res.json()
}

/** Saves the writer's edit; one that did not send the item back to review (a rejected one) is submitted. */
async function edit(save: Promise<{ status: string }>, submitUrl: string) {
  if ((await save).status !== 'pending') await send('POST', submitUrl)
}

const POST = { title: 'Low tide', category: 'fiction', bodyHtml: '<p>Sand.</p>' }

const KINDS: Kind[] = [
  {
    noun: 'post',
    admin: '/api/admin/posts',
    async pending() {
      const p = await send('POST', '/api/posts', POST)
      await send('POST', `/api/posts/${p.id}/submit`)
      return p
    },
    resubmit: (p) =>
      edit(
        send('PATCH', `/api/posts/${p.id}`, { ...POST, bodyHtml: '<p>Sand and shells.</p>' }),
        `/api/posts/${p.id}/submit`,
      ),
    published: (p) => ({
      message: 'Your post “Low tide” is published.',
      link: `/learn/${writer.id}/${p.slug}`,
    }),
    rejectedLink: (p) => `/post?id=${p.id}`,
  },
  {
    noun: 'book',
    admin: '/api/admin/books',
    async pending() {
      const b = await draftBook(t, writer, { title: 'The Lantern Keeper' })
      await addChapter(t, writer, b.id, 'One', '<p>The storm came in at dusk.</p>')
      await addChapter(t, writer, b.id, 'Two', '<p>The ship was not there at dawn.</p>')
      await send('POST', `/api/books/${b.id}/submit`)
      return { ...b, title: 'The Lantern Keeper' }
    },
    resubmit: (b) => send('POST', `/api/books/${b.id}/submit`),
    published: (b) => ({
      message: 'Your book “The Lantern Keeper” is published in the Books Store.',
      link: `/read/${b.id}`,
    }),
    rejectedLink: (b) => `/postbook?id=${b.id}`,
  },
  {
    noun: 'exam',
    admin: '/api/admin/exams',
    async pending() {
      const e = await examFixtures(t).createExam(writer)
      await send('POST', `/api/exams/${e.id}/submit`)
      return e
    },
    resubmit: (e) =>
      edit(send('PUT', `/api/exams/${e.id}`, validExam({ passMark: 60 })), `/api/exams/${e.id}/submit`),
    published: (e) => ({ message: 'Your exam “Forces and motion” is published.', link: `/examroom/${e.id}` }),
    rejectedLink: (e) => `/postexam?id=${e.id}`,
  },
]

const decide = (kind: Kind, id: string, decision: 'approve' | 'reject', body?: unknown) =>
  t.request({ method: 'POST', url: `${kind.admin}/${id}/${decision}`, cookie: admin.cookie, body })

const noticesTo = (link: string) =>
  t.database.db
    .select({ kind: notification.kind, message: notification.message })
    .from(notification)
    .where(and(eq(notification.writerId, writer.id), eq(notification.link, link)))

describe.each(KINDS)('reviewing a $noun', (kind) => {
  it('rejects with the reason, then approves what comes back, and tells the author each time', async () => {
    const item = await kind.pending()
    const rejected = await decide(kind, item.id, 'reject', { reason: 'Check the spelling.' })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Check the spelling.' })
    expect(await noticesTo(kind.rejectedLink(item))).toEqual([
      {
        kind: 'item_rejected',
        message: `Your ${kind.noun} “${item.title}” was not published: Check the spelling.`,
      },
    ])

    await kind.resubmit(item)
    clock.advance(60_000)
    const approved = await decide(kind, item.id, 'approve')
    expect(approved.statusCode, approved.body).toBe(200)
    const at = clock.now().toISOString()
    expect(approved.json()).toMatchObject({
      status: 'published',
      rejectionReason: null,
      publishedAt: at,
      updatedAt: at,
    })
    const { message, link } = kind.published(item)
    expect(await noticesTo(link)).toEqual([{ kind: 'item_approved', message }])
  })

  it('answers 409 once decided and 404 for an unknown one, notifying nobody', async () => {
    const item = await kind.pending()
    expect((await decide(kind, item.id, 'approve')).statusCode).toBe(200)
    const before = await noticesTo(kind.rejectedLink(item))
    for (const [decision, body] of [['approve'], ['reject', { reason: 'No' }]] as const) {
      const again = await decide(kind, item.id, decision, body)
      expect(again.statusCode).toBe(409)
      expect(again.json().error.message).toBe(`This ${kind.noun} is not waiting for review`)
      const unknown = await decide(kind, randomUUID(), decision, body)
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().error.message).toBe(`That ${kind.noun} does not exist`)
    }
    expect(await noticesTo(kind.rejectedLink(item))).toEqual(before)
  })
})

describe('approving an edited item again', () => {
  it.each(KINDS.filter((k) => k.noun !== 'book'))(
    'keeps the first publication date of a $noun',
    async (kind) => {
      const item = await kind.pending()
      const first = (await decide(kind, item.id, 'approve')).json().publishedAt
      await kind.resubmit(item)
      clock.advance(60_000)
      const again = await decide(kind, item.id, 'approve')
      expect(again.json()).toMatchObject({
        status: 'published',
        publishedAt: first,
        updatedAt: clock.now().toISOString(),
      })
    },
  )
})
