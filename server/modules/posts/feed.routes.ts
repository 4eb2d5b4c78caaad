import type { App } from '#server/http/app-type.ts'

/** Published feeds: GET /api/posts, /api/posts/popular, /api/posts/:id/around. */
export function feedRoutes(_app: App) {}

/** Admin-picked posts: PUT/DELETE /api/admin/posts/:id/featured (a scope guarded by requireAdmin). */
export async function featuredAdminRoutes(_app: App) {}
