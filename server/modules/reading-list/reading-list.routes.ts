import {
  ReadingListPage,
  ReadingListParams,
  ReadingListQuery,
  SavedState,
} from '#common/schemas/reading-list.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { listReadingList, savedState, savePost, unsavePost } from './reading-list.service.ts'

/** Save for later: the signed-in reader's own reading list of posts. */
export function readingListRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/me/reading-list',
    {
      ...guarded,
      schema: {
        operationId: 'listReadingList',
        summary: 'My reading list: the posts I saved for later, newest first',
        querystring: ReadingListQuery,
        response: { 200: ReadingListPage },
      },
    },
    async (req) => listReadingList(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/me/reading-list/:postId',
    {
      ...guarded,
      schema: {
        operationId: 'getSavedState',
        summary: 'Whether I saved this post for later, and whether I may read its body',
        params: ReadingListParams,
        response: { 200: SavedState },
      },
    },
    async (req) => savedState(app.ctx, actor(req), req.params.postId),
  )

  app.put(
    '/api/me/reading-list/:postId',
    {
      ...guarded,
      schema: {
        operationId: 'savePostForLater',
        summary: 'Save a published post I may see for later (saving again changes nothing)',
        params: ReadingListParams,
        response: { 200: SavedState },
      },
    },
    async (req) => savePost(app.ctx, actor(req), req.params.postId),
  )

  app.delete(
    '/api/me/reading-list/:postId',
    {
      ...guarded,
      schema: {
        operationId: 'unsavePost',
        summary: 'Take a post off my reading list',
        params: ReadingListParams,
      },
    },
    async (req, reply) => {
      await unsavePost(app.ctx, actor(req), req.params.postId)
      return reply.code(204).send()
    },
  )
}
