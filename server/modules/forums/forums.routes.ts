import {
  FORUM_REPLY_RATE_LIMIT,
  FORUM_THREAD_RATE_LIMIT,
  RICH_TEXT_WRITE_RATE_LIMIT,
} from '#common/constants.ts'
import {
  AcceptInput,
  ForumList,
  ForumSubjectParams,
  ForumSummary,
  ModerateThreadInput,
  RepliesQuery,
  Reply,
  ReplyEditInput,
  ReplyIdParams,
  ReplyInput,
  ReplyPage,
  Thread,
  ThreadIdParams,
  ThreadInput,
  ThreadPage,
  ThreadsQuery,
  WatchInput,
  WatchState,
} from '#common/schemas/forums.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { getForum, listForums, listThreads } from './forum-index.service.ts'
import { moderateThread } from './moderation.service.ts'
import { addReply, deleteReply, editReply, listReplies } from './replies.service.ts'
import { openThreadStream } from './thread.stream.ts'
import {
  acceptReply,
  createThread,
  deleteThread,
  editThread,
  openThread,
  setWatching,
} from './threads.service.ts'

/** Counted per person (requireUser has run: the limit's hook comes after the route's own). */
const perPerson = ({ max, windowSeconds }: { max: number; windowSeconds: number }) => ({
  rateLimit: {
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: (req: { user: { id: string } | null }) => `user:${req.user?.id}`,
  },
})

/** The forums: one per subject, its threads and their replies. Reading is public. */
export function forumRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/forum',
    {
      schema: {
        operationId: 'listForums',
        summary: 'List the forums, one per subject',
        response: { 200: ForumList },
      },
    },
    async () => ({
      items: await listForums(app.ctx),
    }),
  )

  app.get(
    '/api/forum/subjects/:slug',
    {
      schema: {
        operationId: 'getForum',
        summary: "Read a subject's forum",
        params: ForumSubjectParams,
        response: { 200: ForumSummary },
      },
    },
    async (req) => getForum(app.ctx, req.params.slug),
  )

  // The session only decides each thread's read state.
  app.get(
    '/api/forum/subjects/:slug/threads',
    {
      schema: {
        operationId: 'listThreads',
        summary: "List a forum's threads",
        params: ForumSubjectParams,
        querystring: ThreadsQuery,
        response: { 200: ThreadPage },
      },
    },
    async (req) => listThreads(app.ctx, await readSessionUser(req), req.params.slug, req.query),
  )

  app.post(
    '/api/forum/subjects/:slug/threads',
    {
      ...guarded,
      schema: {
        operationId: 'createThread',
        summary: 'Start a thread in a forum',
        params: ForumSubjectParams,
        body: ThreadInput,
        response: { 201: Thread },
      },
      config: perPerson(FORUM_THREAD_RATE_LIMIT),
    },
    async (req, reply) =>
      reply.code(201).send(await createThread(app.ctx, actor(req), req.params.slug, req.body)),
  )

  app.get(
    '/api/forum/threads/:id',
    {
      schema: {
        operationId: 'getThread',
        summary: 'Read a thread',
        params: ThreadIdParams,
        response: { 200: Thread },
      },
    },
    async (req) => openThread(app.ctx, await readSessionUser(req), req.params.id),
  )

  app.patch(
    '/api/forum/threads/:id',
    {
      ...guarded,
      schema: {
        operationId: 'updateThread',
        summary: 'Edit my thread',
        params: ThreadIdParams,
        body: ThreadInput,
        response: { 200: Thread },
      },
      config: { ...perPerson(RICH_TEXT_WRITE_RATE_LIMIT), errors: [403] },
    },
    async (req) => editThread(app.ctx, actor(req), req.params.id, req.body),
  )

  app.delete(
    '/api/forum/threads/:id',
    {
      ...guarded,
      schema: { operationId: 'deleteThread', summary: 'Delete a thread', params: ThreadIdParams },
      config: { errors: [403, 409] },
    },
    async (req, reply) => {
      await deleteThread(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.put(
    '/api/forum/threads/:id/watch',
    {
      ...guarded,
      schema: {
        operationId: 'setThreadWatch',
        summary: 'Watch a thread, or stop watching it',
        params: ThreadIdParams,
        body: WatchInput,
        response: { 200: WatchState },
      },
    },
    async (req) => setWatching(app.ctx, actor(req), req.params.id, req.body),
  )

  app.put(
    '/api/forum/threads/:id/accepted',
    {
      ...guarded,
      schema: {
        operationId: 'setAcceptedReply',
        summary: 'Accept a reply as the answer to my thread',
        params: ThreadIdParams,
        body: AcceptInput,
        response: { 200: Thread },
      },
      config: { errors: [403] },
    },
    async (req) => acceptReply(app.ctx, actor(req), req.params.id, req.body.replyId),
  )

  app.get(
    '/api/forum/threads/:id/replies',
    {
      schema: {
        operationId: 'listReplies',
        summary: "List a thread's replies",
        params: ThreadIdParams,
        querystring: RepliesQuery,
        response: { 200: ReplyPage },
      },
    },
    async (req) => listReplies(app.ctx, await readSessionUser(req), req.params.id, req.query.page),
  )

  app.post(
    '/api/forum/threads/:id/replies',
    {
      ...guarded,
      schema: {
        operationId: 'createReply',
        summary: 'Reply to a thread',
        params: ThreadIdParams,
        body: ReplyInput,
        response: { 201: Reply },
      },
      config: { ...perPerson(FORUM_REPLY_RATE_LIMIT), errors: [409] },
    },
    async (req, reply) => reply.code(201).send(await addReply(app.ctx, actor(req), req.params.id, req.body)),
  )

  app.patch(
    '/api/forum/replies/:id',
    {
      ...guarded,
      schema: {
        operationId: 'updateReply',
        summary: 'Edit my reply',
        params: ReplyIdParams,
        body: ReplyEditInput,
        response: { 200: Reply },
      },
      config: { ...perPerson(RICH_TEXT_WRITE_RATE_LIMIT), errors: [403, 409] },
    },
    async (req) => editReply(app.ctx, actor(req), req.params.id, req.body),
  )

  app.delete(
    '/api/forum/replies/:id',
    {
      ...guarded,
      schema: { operationId: 'deleteReply', summary: 'Delete a reply', params: ReplyIdParams },
      config: { errors: [403] },
    },
    async (req, reply) => {
      await deleteReply(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/forum/threads/:id/stream',
    {
      schema: {
        operationId: 'streamThread',
        summary: "Stream a thread's new replies",
        params: ThreadIdParams,
      },
    },
    async (req, reply) => openThreadStream(app.ctx, req.params.id, reply),
  )
}

/** /api/admin/forum: pin, lock, move (the admin scope: server/http/scopes.ts). */
export function forumAdminRoutes(app: App) {
  app.patch(
    '/api/admin/forum/threads/:id',
    {
      schema: {
        operationId: 'moderateThread',
        summary: 'Pin, lock or move a thread',
        params: ThreadIdParams,
        body: ModerateThreadInput,
        response: { 200: Thread },
      },
    },
    async (req) => moderateThread(app.ctx, actor(req), req.params.id, req.body),
  )
}
