// Forum answers shaped exactly like the server's, parsed by the shared schemas (see builders.ts).
import { ForumHit, ForumSummary, Reply, Thread, ThreadSummary } from '#common/schemas/forums.ts'
import { SUBJECTS } from './builders.ts'

/** The Mathematics forum (GET /api/forum/subjects/mathematics): a thread, two replies, Grace last. */
export function forumSummary(overrides: Partial<ForumSummary> = {}): ForumSummary {
  return ForumSummary.parse({
    subject: SUBJECTS[0],
    threadCount: 1,
    replyCount: 2,
    lastActivity: {
      at: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
      by: { id: 'writer-1', name: 'Grace Okafor', image: null },
      threadId: 'c1a7e0d2-0000-4000-8000-000000000001',
      threadTitle: 'Why is 0.999… equal to 1?',
    },
    ...overrides,
  })
}

/** A thread in the Mathematics forum's list, started by reader-2, read by the signed-in user-1. */
export function threadSummary(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return ThreadSummary.parse({
    id: 'c1a7e0d2-0000-4000-8000-000000000001',
    subjectSlug: 'mathematics',
    title: 'Why is 0.999… equal to 1?',
    author: { id: 'reader-2', name: 'Tomás Reyes', image: null },
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString(),
    lastActivityAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
    lastReplyBy: { id: 'writer-1', name: 'Grace Okafor', image: null },
    replyCount: 2,
    pinned: false,
    locked: false,
    answered: false,
    readState: 'read',
    newReplies: 0,
    ...overrides,
  })
}

/** GET /api/forum/threads/:id: threadSummary() opened by user-1, who may reply and nothing more. */
export function thread(overrides: Partial<Thread> = {}): Thread {
  return Thread.parse({
    ...threadSummary(),
    subject: { slug: 'mathematics', name: 'Mathematics' },
    bodyHtml: '<p>My teacher says they are the <strong>same number</strong>. How?</p>',
    editedAt: null,
    acceptedReply: null,
    watching: false,
    pageCount: 1,
    canEdit: false,
    canDelete: false,
    canReply: true,
    canAccept: false,
    canModerate: false,
    ...overrides,
  })
}

/** The first reply to thread(), by writer-1 (not the signed-in user-1). */
export function reply(overrides: Partial<Reply> = {}): Reply {
  return Reply.parse({
    id: 'd2b8f1e3-0000-4000-8000-000000000001',
    threadId: 'c1a7e0d2-0000-4000-8000-000000000001',
    position: 1,
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    bodyHtml: '<p>Subtract one from the other: what is left?</p>',
    deleted: false,
    createdAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
    editedAt: null,
    quote: null,
    accepted: false,
    canEdit: false,
    canDelete: false,
    ...overrides,
  })
}

/** A forum search hit (GET /api/search/threads): a reply on page 2 of a Physics thread. */
export function forumHit(overrides: Partial<ForumHit> = {}): ForumHit {
  return ForumHit.parse({
    threadId: '7c2e9d10-0000-4000-8000-000000000001',
    threadTitle: 'Why are there two high tides a day?',
    subject: { slug: 'physics', name: 'Physics' },
    replyId: '7c2e9d10-0000-4000-8000-0000000000a1',
    page: 2,
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    createdAt: '2026-11-18T10:15:00.000Z',
    snippet: [
      { text: 'The Moon pulls the near side harder: the ', match: false },
      { text: 'tidal', match: true },
      { text: ' force.', match: false },
    ],
    ...overrides,
  })
}
