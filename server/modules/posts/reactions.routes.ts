import { COMMENT_RATE_LIMIT } from '#common/constants.ts'
import {
  Comment,
  CommentIdParams,
  CommentInput,
  CommentPage,
  CommentsQuery,
  LikeState,
  ViewCount,
} from '#common/schemas/comments.ts'
import { PostIdParams } from '#common/schemas/posts.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import {
  addComment,
  deleteComment,
  editComment,
  likePost,
  listComments,
  recordView,
  unlikePost,
  viewerKey,
} from './reactions.service.ts'

export function reactionRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.put(
    '/api/posts/:id/like',
    {
      ...guarded,
      schema: {
        operationId: 'likePost',
        summary: 'Like a post',
        params: PostIdParams,
        response: { 200: LikeState },
      },
    },
    async (req) => likePost(app.ctx, actor(req), req.params.id),
  )

  app.delete(
    '/api/posts/:id/like',
    {
      ...guarded,
      schema: {
        operationId: 'unlikePost',
        summary: 'Take back my like of a post',
        params: PostIdParams,
        response: { 200: LikeState },
      },
    },
    async (req) => unlikePost(app.ctx, actor(req), req.params.id),
  )

  // Public for posts the reader may read; the session only decides canEdit / canDelete.
  // 403: a subscribers-only post's discussion, for anyone who does not subscribe.
  app.get(
    '/api/posts/:id/comments',
    {
      schema: {
        operationId: 'listComments',
        summary: "List a post's comments",
        params: PostIdParams,
        querystring: CommentsQuery,
        response: { 200: CommentPage },
      },
      config: { errors: [403] },
    },
    async (req) => listComments(app.ctx, await readSessionUser(req), req.params.id, req.query),
  )

  app.post(
    '/api/posts/:id/comments',
    {
      ...guarded,
      schema: {
        operationId: 'createComment',
        summary: 'Comment on a post',
        params: PostIdParams,
        body: CommentInput,
        response: { 201: Comment },
      },
      // Counted per person (requireUser has run: the limit's hook comes after the route's own).
      config: {
        rateLimit: {
          max: COMMENT_RATE_LIMIT.max,
          timeWindow: COMMENT_RATE_LIMIT.windowSeconds * 1000,
          keyGenerator: (req) => `user:${req.user?.id}`,
        },
        errors: [403],
      },
    },
    async (req, reply) =>
      reply.code(201).send(await addComment(app.ctx, actor(req), req.params.id, req.body)),
  )

  app.patch(
    '/api/comments/:id',
    {
      ...guarded,
      schema: {
        operationId: 'updateComment',
        summary: 'Edit my comment',
        params: CommentIdParams,
        body: CommentInput,
        response: { 200: Comment },
      },
      config: { errors: [403] },
    },
    async (req) => editComment(app.ctx, actor(req), req.params.id, req.body),
  )

  app.delete(
    '/api/comments/:id',
    {
      ...guarded,
      schema: { operationId: 'deleteComment', summary: 'Delete a comment', params: CommentIdParams },
      config: { errors: [403] },
    },
    async (req, reply) => {
      await deleteComment(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  // Public and bodiless; the same-origin guard still applies, as to every POST.
  app.post(
    '/api/posts/:id/views',
    // A view changes only counts, which the cache may show a few seconds late.
    {
      schema: {
        operationId: 'recordPostView',
        summary: 'Count a reading of a post',
        params: PostIdParams,
        response: { 200: ViewCount },
      },
      config: { keepsCaches: true },
    },
    async (req) => {
      const reader = await readSessionUser(req)
      const key = viewerKey(reader, req.ip ?? '', req.headers['user-agent'] ?? '')
      return recordView(app.ctx, reader, req.params.id, key)
    },
  )
}
