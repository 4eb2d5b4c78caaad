import {
  FeaturedState,
  FeedQuery,
  PopularQuery,
  PostCardList,
  PostCardPage,
  PostIdParams,
  PostNeighbours,
} from '#common/schemas/posts.ts'
import { readSessionUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { listFeed, popularPosts, postNeighbours, setFeatured } from './feed.service.ts'

/** Published feeds: GET /api/posts, /api/posts/popular, /api/posts/:id/around. Public. */
export function feedRoutes(app: App) {
  app.get(
    '/api/posts',
    {
      schema: {
        operationId: 'listPosts',
        summary: 'List published posts',
        querystring: FeedQuery,
        response: { 200: PostCardPage },
      },
      config: { publicCache: true },
    },
    async (req) => listFeed(app.ctx, req.query),
  )

  app.get(
    '/api/posts/popular',
    {
      schema: {
        operationId: 'listPopularPosts',
        summary: 'List the most read posts',
        querystring: PopularQuery,
        response: { 200: PostCardList },
      },
      config: { publicCache: true },
    },
    async (req) => popularPosts(app.ctx, req.query),
  )

  // The session decides whether an unpublished post (the author's own, or for an admin) is found.
  app.get(
    '/api/posts/:id/around',
    {
      schema: {
        operationId: 'getPostNeighbours',
        summary: 'Read the posts before and after a post',
        params: PostIdParams,
        response: { 200: PostNeighbours },
      },
      config: { publicCache: true },
    },
    async (req) => postNeighbours(app.ctx, await readSessionUser(req), req.params.id),
  )
}

/** Admin-picked posts: PUT/DELETE /api/admin/posts/:id/featured (the admin scope: server/http/scopes.ts). */
export function featuredAdminRoutes(app: App) {
  app.put(
    '/api/admin/posts/:id/featured',
    {
      schema: {
        operationId: 'featurePost',
        summary: 'Feature a published post',
        params: PostIdParams,
        response: { 200: FeaturedState },
      },
      config: { errors: [409] },
    },
    async (req) => setFeatured(app.ctx, req.params.id, true),
  )

  app.delete(
    '/api/admin/posts/:id/featured',
    {
      schema: {
        operationId: 'unfeaturePost',
        summary: 'Stop featuring a post',
        params: PostIdParams,
        response: { 200: FeaturedState },
      },
    },
    async (req) => setFeatured(app.ctx, req.params.id, false),
  )
}
