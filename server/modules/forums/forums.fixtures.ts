import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { ForumSummary, Reply, Thread } from '#common/schemas/forums.ts'
import { forumReply, forumThread, notification } from '#server/db/schema/index.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'

// Shared by the forums module's tests: threads and replies made through the API, and the rows
// behind them to check what was (or was not) written.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ForumFixtures = ReturnType<typeof forumFixtures>

export function forumFixtures(t: TestApp) {
  const req = (method: Method, url: string, cookie?: string, body?: unknown) =>
    t.request({ method, url, cookie, body })
  const db = t.database.db

  async function createThread(
    author: TestUser,
    fields: { subjectSlug?: string; title?: string; bodyHtml?: string } = {},
  ): Promise<Thread> {
    const { subjectSlug = 'physics', title = 'Why is the sky blue?', bodyHtml = '<p>Rayleigh?</p>' } = fields
    const res = await req('POST', `/api/forum/subjects/${subjectSlug}/threads`, author.cookie, {
      title,
      bodyHtml,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  async function reply(
    author: TestUser,
    threadId: string,
    fields: { bodyHtml?: string; quotedReplyId?: string | null } = {},
  ): Promise<Reply> {
    const res = await req('POST', `/api/forum/threads/${threadId}/replies`, author.cookie, {
      bodyHtml: '<p>Shorter wavelengths scatter more.</p>',
      ...fields,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  async function openThread(threadId: string, viewer?: TestUser): Promise<Thread> {
    const res = await req('GET', `/api/forum/threads/${threadId}`, viewer?.cookie)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  async function repliesPage(threadId: string, page = 1, viewer?: TestUser) {
    const res = await req('GET', `/api/forum/threads/${threadId}/replies?page=${page}`, viewer?.cookie)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { items: Reply[]; page: number; pageCount: number }
  }

  async function moderate(
    admin: TestUser,
    threadId: string,
    input: Record<string, unknown>,
  ): Promise<Thread> {
    const res = await req('PATCH', `/api/admin/forum/threads/${threadId}`, admin.cookie, input)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  async function forum(slug: string): Promise<ForumSummary> {
    const res = await req('GET', `/api/forum/subjects/${slug}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  /** A forum's counts as the rows say: its threads, and their replies that are not deleted. */
  async function countedFromRows(slug: string) {
    const threads = await db.select().from(forumThread).where(eq(forumThread.subjectSlug, slug))
    let replies = 0
    for (const thread of threads) {
      const rows = await db.select().from(forumReply).where(eq(forumReply.threadId, thread.id))
      replies += rows.filter((r) => r.deletedAt === null).length
    }
    return { threadCount: threads.length, replyCount: replies }
  }

  const replyRows = (threadId: string) =>
    db.select().from(forumReply).where(eq(forumReply.threadId, threadId))
  const threadRow = async (threadId: string) =>
    (await db.select().from(forumThread).where(eq(forumThread.id, threadId)))[0]

  /** Someone's forum notifications (message and link), oldest first. */
  const forumNotes = async (who: TestUser) =>
    (
      await db
        .select()
        .from(notification)
        .where(eq(notification.writerId, who.id))
        .orderBy(asc(notification.timestamp))
    )
      .filter((n) => n.kind === 'forum_reply')
      .map((n) => ({ message: n.message, link: n.link }))

  return {
    req,
    createThread,
    reply,
    openThread,
    repliesPage,
    moderate,
    forum,
    countedFromRows,
    replyRows,
    threadRow,
    forumNotes,
  }
}
