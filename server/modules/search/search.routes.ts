import { PostHitPage, SearchQuery } from '#common/schemas/search.ts'
import type { App } from '#server/http/app-type.ts'
import { searchPosts } from './search.service.ts'

/** GET /api/search/posts (public). Writers are searched by the writers module. */
export function searchRoutes(app: App) {
  app.get(
    '/api/search/posts',
    { schema: { querystring: SearchQuery, response: { 200: PostHitPage } } },
    async (req) => searchPosts(app.ctx, req.query),
  )
}
