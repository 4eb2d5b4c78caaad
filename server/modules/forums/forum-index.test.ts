import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ForumSummary, ThreadSummary } from '#common/schemas/forums.ts'
import { forumThread } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ForumFixtures, forumFixtures } from './forums.fixtures.ts'

let t: TestApp
let f: ForumFixtures
let admin: TestUser
let grace: TestUser
let rosa: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = forumFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Hopper' })
  rosa = await createUser(t, { name: 'Rosa Reader' })
})
afterAll(() => t.close())

const forums = async (): Promise<ForumSummary[]> => {
  const res = await f.req('GET', '/api/forum')
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items
}

const threadsPage = async (slug: string, query = '', viewer?: TestUser) => {
  const res = await f.req('GET', `/api/forum/subjects/${slug}/threads${query}`, viewer?.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { items: ThreadSummary[]; nextCursor: string | null }
}

/** Moves a thread's last activity, so orders do not hang on milliseconds between requests. */
const setActivity = (id: string, at: string) =>
  t.database.db
    .update(forumThread)
    .set({ lastActivityAt: new Date(at) })
    .where(eq(forumThread.id, id))

describe('GET /api/forum', () => {
  it('lists every subject in the subjects’ order, empty forums with zero counts', async () => {
    const subjects = (await f.req('GET', '/api/subjects')).json() as Array<{ slug: string }>
    const list = await forums()
    expect(list.map((x) => x.subject.slug)).toEqual(subjects.map((s) => s.slug))
    expect(list.find((x) => x.subject.slug === 'history')).toEqual({
      subject: expect.objectContaining({ slug: 'history', name: 'History', kind: 'academic' }),
      threadCount: 0,
      replyCount: 0,
      lastActivity: null,
    })
  })

  it('counts threads and replies and shows the latest activity, by its latest replier or author', async () => {
    const older = await f.createThread(grace, { subjectSlug: 'mathematics', title: 'Primes' })
    const newer = await f.createThread(rosa, { subjectSlug: 'mathematics', title: 'Zero' })
    const byId = async () => (await forums()).find((x) => x.subject.slug === 'mathematics')
    expect(await byId()).toMatchObject({
      threadCount: 2,
      replyCount: 0,
      lastActivity: { threadId: newer.id, threadTitle: 'Zero', by: { id: rosa.id, name: 'Rosa Reader' } },
    })
    await f.reply(admin, older.id)
    await f.reply(rosa, older.id)
    const summary = await byId()
    expect(summary).toMatchObject({
      threadCount: 2,
      replyCount: 2,
      lastActivity: { threadId: older.id, threadTitle: 'Primes', by: { id: rosa.id } },
    })
    expect(summary?.lastActivity?.at).toBe((await f.openThread(older.id)).lastActivityAt)
    expect(await f.forum('mathematics')).toEqual(summary)
  })
})

describe('a forum’s threads', () => {
  it('lists pinned threads first (newest pinned first), then by latest activity', async () => {
    const slug = 'geography'
    const a = await f.createThread(grace, { subjectSlug: slug, title: 'A' })
    const b = await f.createThread(grace, { subjectSlug: slug, title: 'B' })
    const c = await f.createThread(grace, { subjectSlug: slug, title: 'C' })
    const d = await f.createThread(grace, { subjectSlug: slug, title: 'D' })
    await setActivity(a.id, '2026-01-04T00:00:00Z')
    await setActivity(b.id, '2026-01-03T00:00:00Z')
    await setActivity(c.id, '2026-01-02T00:00:00Z')
    await setActivity(d.id, '2026-01-01T00:00:00Z')
    await f.moderate(admin, d.id, { pinned: true })
    await f.moderate(admin, c.id, { pinned: true })
    // Pinning again keeps its place among the pinned.
    await f.moderate(admin, d.id, { pinned: true })
    const page = await threadsPage(slug)
    expect(page.items.map((x) => [x.title, x.pinned])).toEqual([
      ['C', true],
      ['D', true],
      ['A', false],
      ['B', false],
    ])
    expect(page.nextCursor).toBeNull()
    // A reply moves a thread up among the unpinned.
    await f.reply(rosa, b.id)
    expect((await threadsPage(slug)).items.map((x) => x.title)).toEqual(['C', 'D', 'B', 'A'])
    await f.moderate(admin, c.id, { pinned: false })
    expect((await threadsPage(slug)).items.map((x) => x.title)).toEqual(['D', 'B', 'A', 'C'])
  })

  it('pages the rest by keyset, without duplicates or skips, pinned only on the first page', async () => {
    const slug = 'economics'
    const made: string[] = []
    for (let i = 0; i < 7; i++) {
      const thread = await f.createThread(grace, { subjectSlug: slug, title: `T${i}` })
      made.push(thread.id)
    }
    // Two share a time: the id breaks the tie.
    await setActivity(made[0], '2026-02-01T00:00:00Z')
    await setActivity(made[1], '2026-02-01T00:00:00Z')
    await f.moderate(admin, made[6], { pinned: true })
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await threadsPage(slug, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      if (pages > 0) expect(page.items.some((x) => x.pinned)).toBe(false)
      seen.push(...page.items.map((x) => x.id))
      cursor = page.nextCursor
      pages++
    } while (cursor)
    expect(seen[0]).toBe(made[6])
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.toSorted()).toEqual(made.toSorted())
    expect(pages).toBe(3)

    const bad = await f.req('GET', `/api/forum/subjects/${slug}/threads?cursor=nonsense`)
    expect(bad.statusCode).toBe(400)
  })

  it('tells each reader what they have not read: unseen, then read, then unread with a count', async () => {
    const slug = 'literature'
    const thread = await f.createThread(grace, { subjectSlug: slug, title: 'Read me' })
    const stateOf = async (viewer?: TestUser) =>
      (await threadsPage(slug, '', viewer)).items.find((x) => x.id === thread.id)
    expect(await stateOf()).toMatchObject({ readState: null, newReplies: 0 })
    expect(await stateOf(grace)).toMatchObject({ readState: 'read', newReplies: 0 })
    expect(await stateOf(rosa)).toMatchObject({ readState: 'unseen', newReplies: 0 })
    await f.openThread(thread.id, rosa)
    expect(await stateOf(rosa)).toMatchObject({ readState: 'read', newReplies: 0 })
    await f.reply(grace, thread.id)
    await f.reply(admin, thread.id)
    expect(await stateOf(rosa)).toMatchObject({ readState: 'unread', newReplies: 2 })
    expect(await stateOf(grace)).toMatchObject({ readState: 'unread', newReplies: 1 })
    expect((await f.openThread(thread.id, rosa)).readState).toBe('read')
    expect(await stateOf(rosa)).toMatchObject({ readState: 'read', newReplies: 0 })
    // Their own reply leaves them up to date.
    await f.reply(rosa, thread.id)
    expect(await stateOf(rosa)).toMatchObject({
      readState: 'read',
      replyCount: 3,
      lastReplyBy: { id: rosa.id },
    })
  })
})

describe('moderation', () => {
  it('is for admins only', async () => {
    const thread = await f.createThread(grace)
    for (const body of [{ pinned: true }, { locked: true }, { subjectSlug: 'chemistry' }]) {
      const res = await f.req('PATCH', `/api/admin/forum/threads/${thread.id}`, grace.cookie, body)
      expect(res.statusCode).toBe(403)
    }
    expect(await f.threadRow(thread.id)).toMatchObject({
      pinnedAt: null,
      lockedAt: null,
      subjectSlug: 'physics',
    })
  })

  it('refuses an empty change or an unknown subject, and writes nothing', async () => {
    const thread = await f.createThread(grace)
    const url = `/api/admin/forum/threads/${thread.id}`
    const empty = await f.req('PATCH', url, admin.cookie, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields).toEqual({ pinned: 'Choose what to change' })
    const unknown = await f.req('PATCH', url, admin.cookie, { subjectSlug: 'alchemy', pinned: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields).toEqual({ subjectSlug: 'Choose a subject from the list' })
    expect(await f.threadRow(thread.id)).toMatchObject({ pinnedAt: null, subjectSlug: 'physics' })
  })

  it('moves a thread with its replies, and both forums’ counts follow', async () => {
    const thread = await f.createThread(grace, { subjectSlug: 'english', title: 'Moving' })
    await f.reply(rosa, thread.id)
    const gone = await f.reply(rosa, thread.id)
    await f.reply(admin, thread.id)
    await f.req('DELETE', `/api/forum/replies/${gone.id}`, rosa.cookie)
    const [fromBefore, toBefore] = [await f.forum('english'), await f.forum('computer-science')]
    const moved = await f.moderate(admin, thread.id, { subjectSlug: 'computer-science', locked: true })
    expect(moved).toMatchObject({
      subjectSlug: 'computer-science',
      subject: { slug: 'computer-science', name: 'Computer Science' },
      locked: true,
    })
    expect(await f.forum('english')).toMatchObject({
      threadCount: fromBefore.threadCount - 1,
      replyCount: fromBefore.replyCount - 2,
    })
    expect(await f.forum('computer-science')).toMatchObject({
      threadCount: toBefore.threadCount + 1,
      replyCount: toBefore.replyCount + 2,
    })
    for (const slug of ['english', 'computer-science', 'physics']) {
      expect(await f.forum(slug)).toMatchObject(await f.countedFromRows(slug))
    }
    expect((await threadsPage('computer-science')).items.map((x) => x.id)).toContain(thread.id)
    expect((await threadsPage('english')).items.map((x) => x.id)).not.toContain(thread.id)
  })
})
