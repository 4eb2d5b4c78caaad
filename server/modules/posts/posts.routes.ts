import { RICH_TEXT_WRITE_RATE_LIMIT } from '#common/constants.ts'
import { pageOf } from '#common/schemas/fields.ts'
import {
  MyPostsQuery,
  Post,
  PostBySlugParams,
  PostIdParams,
  PostSummary,
  PublicPost,
  SavePostInput,
} from '#common/schemas/posts.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { flashcardRoutes } from './flashcards.routes.ts'
import {
  createPost,
  deletePost,
  getPostForEditing,
  listMyPosts,
  readPost,
  submitPost,
  updatePost,
} from './posts.service.ts'

/**
 * Saves (autosaves included) per signed-in person, counted per route: the editor autosaves at most
 * every two seconds of typing, so only a script meets the limit (requireUser has run first).
 */
const writeLimit = {
  rateLimit: {
    max: RICH_TEXT_WRITE_RATE_LIMIT.max,
    timeWindow: RICH_TEXT_WRITE_RATE_LIMIT.windowSeconds * 1000,
    keyGenerator: (req: { user: { id: string } | null }) => `user:${req.user?.id}`,
  },
}

export function postRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.post(
    '/api/posts',
    {
      ...guarded,
      schema: {
        operationId: 'createPost',
        summary: 'Start a post as a draft',
        body: SavePostInput,
        response: { 201: Post },
      },
      config: writeLimit,
    },
    async (req, reply) => reply.code(201).send(await createPost(app.ctx, actor(req), req.body)),
  )

  app.get(
    '/api/posts/:id',
    {
      ...guarded,
      schema: {
        operationId: 'getPostForEditing',
        summary: 'Read one of my posts to edit it',
        params: PostIdParams,
        response: { 200: Post },
      },
    },
    async (req) => getPostForEditing(app.ctx, actor(req), req.params.id),
  )

  app.patch(
    '/api/posts/:id',
    {
      ...guarded,
      schema: {
        operationId: 'updatePost',
        summary: 'Save changes to one of my posts',
        params: PostIdParams,
        body: SavePostInput,
        response: { 200: Post },
      },
      config: writeLimit,
    },
    async (req) => updatePost(app.ctx, actor(req), req.params.id, req.body),
  )

  app.post(
    '/api/posts/:id/submit',
    {
      ...guarded,
      schema: {
        operationId: 'submitPost',
        summary: 'Send a draft post to review',
        params: PostIdParams,
        response: { 200: Post },
      },
      config: { errors: [403, 409] },
    },
    async (req) => submitPost(app.ctx, actor(req), req.params.id),
  )

  app.delete(
    '/api/posts/:id',
    {
      ...guarded,
      schema: { operationId: 'deletePost', summary: 'Delete one of my posts', params: PostIdParams },
    },
    async (req, reply) => {
      await deletePost(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/me/posts',
    {
      ...guarded,
      schema: {
        operationId: 'listMyPosts',
        summary: 'List my posts',
        querystring: MyPostsQuery,
        response: { 200: pageOf(PostSummary) },
      },
    },
    async (req) => listMyPosts(app.ctx, actor(req), req.query),
  )

  // Public: signed-out readers are welcome; the session only widens what is shown.
  app.get(
    '/api/posts/by/:writerId/:slug',
    {
      schema: {
        operationId: 'getPost',
        summary: 'Read a post by its writer and address',
        params: PostBySlugParams,
        response: { 200: PublicPost },
      },
      config: { publicCache: true },
    },
    async (req) => readPost(app.ctx, await readSessionUser(req), req.params.writerId, req.params.slug),
  )

  flashcardRoutes(app)
}
