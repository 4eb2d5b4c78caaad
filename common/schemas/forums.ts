import { z } from 'zod'
import { FORUM_BODY_MAX_LENGTH, RICH_TEXT_RAW_FACTOR, TITLE_MAX_LENGTH } from '../constants.ts'
import { PageQuery, pageOf, text, Uuid } from './fields.ts'
import { PostAuthor } from './posts.ts'
import { Snippet } from './search.ts'
import { Subject } from './subjects.ts'

// Forums: one per subject. A thread opens with its author's post (title and body); replies follow
// in order, each with a fixed position (1, 2, 3…) so pages are numbered and any page costs the same.
// Bodies are rich text (HTML from the editor, which also takes Markdown shortcuts), sanitized on the
// server with the posts' allowlist.

/** As sent: the limit that counts applies to the body as stored (sanitized, on the server). */
export const ForumBody = z
  .string('Write something')
  .trim()
  .min(1, 'Write something')
  .max(
    FORUM_BODY_MAX_LENGTH * RICH_TEXT_RAW_FACTOR,
    `Keep it under ${FORUM_BODY_MAX_LENGTH.toLocaleString('en')} characters`,
  )

export const ThreadTitle = text('Give your thread a title').max(
  TITLE_MAX_LENGTH,
  `Keep the title under ${TITLE_MAX_LENGTH} characters`,
)

/** Who did the latest thing in a forum or a thread. */
export const ForumActivity = z.object({
  at: z.string(),
  by: PostAuthor,
  threadId: z.string(),
  threadTitle: z.string(),
})
export type ForumActivity = z.infer<typeof ForumActivity>

/** `GET /api/forum` (every subject's forum) and `GET /api/forum/subjects/:slug` (one). */
export const ForumSummary = z.object({
  subject: Subject,
  threadCount: z.number().int(),
  replyCount: z.number().int(),
  lastActivity: ForumActivity.nullable(),
})
export type ForumSummary = z.infer<typeof ForumSummary>
export const ForumList = z.object({ items: z.array(ForumSummary) })
export type ForumList = z.infer<typeof ForumList>

/**
 * Where the viewer is with a thread: `unseen` (never opened), `unread` (replies since the last
 * visit, counted in newReplies) or `read`; null when signed out.
 */
export const READ_STATES = ['unseen', 'unread', 'read'] as const
export const ReadState = z.enum(READ_STATES)
export type ReadState = z.infer<typeof ReadState>

/** A thread in its forum's list. */
export const ThreadSummary = z.object({
  id: z.string(),
  subjectSlug: z.string(),
  title: z.string(),
  author: PostAuthor,
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** The latest reply's author; null while nobody has replied. */
  lastReplyBy: PostAuthor.nullable(),
  /** Replies that are not deleted. */
  replyCount: z.number().int(),
  pinned: z.boolean(),
  locked: z.boolean(),
  /** The author marked a reply as the accepted answer. */
  answered: z.boolean(),
  readState: ReadState.nullable(),
  newReplies: z.number().int(),
})
export type ThreadSummary = z.infer<typeof ThreadSummary>

/** `GET /api/forum/subjects/:slug/threads`: the first page (no cursor) starts with every pinned thread. */
export const ThreadPage = pageOf(ThreadSummary)
export type ThreadPage = z.infer<typeof ThreadPage>
export const ThreadsQuery = PageQuery
export type ThreadsQuery = z.infer<typeof ThreadsQuery>

/** A pointer to a reply, with a plain-text excerpt (null once the reply is deleted). */
export const ReplyRef = z.object({
  replyId: z.string(),
  position: z.number().int(),
  /** The page of the thread it is on. */
  page: z.number().int(),
  author: PostAuthor,
  excerpt: z.string().nullable(),
})
export type ReplyRef = z.infer<typeof ReplyRef>

/** `GET /api/forum/threads/:id`: the thread's opening post, its state and what the viewer may do. */
export const Thread = ThreadSummary.extend({
  subject: Subject.pick({ slug: true, name: true }),
  bodyHtml: z.string(),
  editedAt: z.string().nullable(),
  acceptedReply: ReplyRef.nullable(),
  /** The viewer gets a notification for each reply (the author and repliers watch unless they stop). */
  watching: z.boolean(),
  /** Pages of replies (at least 1). */
  pageCount: z.number().int(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** Signed in and the thread is not locked. */
  canReply: z.boolean(),
  /** The thread's author: marks one reply as the accepted answer. */
  canAccept: z.boolean(),
  /** Admins: pin, lock, move, delete. */
  canModerate: z.boolean(),
})
export type Thread = z.infer<typeof Thread>

export const Reply = z.object({
  id: z.string(),
  threadId: z.string(),
  /** 1 for the first reply; kept when a reply is deleted, so the thread still reads in order. */
  position: z.number().int(),
  author: PostAuthor,
  /** Empty once deleted. */
  bodyHtml: z.string(),
  deleted: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  quote: ReplyRef.nullable(),
  accepted: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
})
export type Reply = z.infer<typeof Reply>

/** `GET /api/forum/threads/:id/replies?page=N`: a page past the end is empty. */
export const ReplyPage = z.object({
  items: z.array(Reply),
  page: z.number().int(),
  pageCount: z.number().int(),
})
export type ReplyPage = z.infer<typeof ReplyPage>
export const RepliesQuery = z.object({
  page: z.coerce
    .number('Choose a page')
    .int('Choose a page')
    .min(1, 'Pages start at 1')
    .max(1_000_000)
    .default(1),
})
export type RepliesQuery = z.infer<typeof RepliesQuery>

export const ThreadInput = z.object({ title: ThreadTitle, bodyHtml: ForumBody })
export type ThreadInput = z.infer<typeof ThreadInput>

export const ReplyInput = z.object({
  bodyHtml: ForumBody,
  /** The reply being quoted, in the same thread. */
  quotedReplyId: Uuid('Quote a reply from this thread').nullish(),
})
export type ReplyInput = z.infer<typeof ReplyInput>

export const ReplyEditInput = z.object({ bodyHtml: ForumBody })
export type ReplyEditInput = z.infer<typeof ReplyEditInput>

/** The thread's author accepts one reply, or none (null). */
export const AcceptInput = z.object({ replyId: Uuid('Choose a reply from this thread').nullable() })
export type AcceptInput = z.infer<typeof AcceptInput>

export const WatchInput = z.object({ watching: z.boolean('Choose watch or stop watching') })
export type WatchInput = z.infer<typeof WatchInput>
export const WatchState = WatchInput
export type WatchState = z.infer<typeof WatchState>

/** Admins: pin or unpin, lock or unlock, move to another subject. */
export const ModerateThreadInput = z
  .object({
    pinned: z.boolean().optional(),
    locked: z.boolean().optional(),
    subjectSlug: z
      .string()
      .trim()
      .min(1, 'Choose a subject')
      .max(64, 'Choose a subject from the list')
      .optional(),
  })
  .refine((v) => v.pinned !== undefined || v.locked !== undefined || v.subjectSlug !== undefined, {
    message: 'Choose what to change',
    path: ['pinned'],
  })
export type ModerateThreadInput = z.infer<typeof ModerateThreadInput>

export const ForumSubjectParams = z.object({ slug: z.string().min(1).max(64) })
export const ThreadIdParams = z.object({ id: Uuid('Unknown thread') })
export const ReplyIdParams = z.object({ id: Uuid('Unknown reply') })

/** `GET /api/search/threads`: a thread (its title or opening post) or a reply that matches. */
export const ForumHit = z.object({
  threadId: z.string(),
  threadTitle: z.string(),
  subject: Subject.pick({ slug: true, name: true }),
  /** null when the thread itself matched. */
  replyId: z.string().nullable(),
  /** The thread page the reply is on (1 for a thread). */
  page: z.number().int(),
  author: PostAuthor,
  createdAt: z.string(),
  snippet: Snippet,
})
export type ForumHit = z.infer<typeof ForumHit>
export const ForumHitPage = pageOf(ForumHit)
export type ForumHitPage = z.infer<typeof ForumHitPage>

export const pageOfPosition = (position: number, pageSize: number) =>
  Math.max(1, Math.ceil(position / pageSize))
