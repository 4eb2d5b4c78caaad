import { ForumHitPage } from '#common/schemas/forums.ts'
import { PostHitPage, SearchQuery } from '#common/schemas/search.ts'
import type { App } from '#server/http/app-type.ts'
import { searchThreads } from './forum-search.service.ts'
import { searchPosts } from './search.service.ts'

/** GET /api/search/posts and /api/search/threads (public). Writers are searched by the writers module. */
export function searchRoutes(app: App) {
  app.get(
    '/api/search/posts',
    {
      schema: {
        operationId: 'searchPosts',
        summary: 'Search published posts',
        querystring: SearchQuery,
        response: { 200: PostHitPage },
      },
    },
    async (req) => searchPosts(app.ctx, req.query),
  )

  app.get(
    '/api/search/threads',
    {
      schema: {
        operationId: 'searchThreads',
        summary: 'Search forum threads',
        querystring: SearchQuery,
        response: { 200: ForumHitPage },
      },
    },
    async (req) => searchThreads(app.ctx, req.query),
  )
}
