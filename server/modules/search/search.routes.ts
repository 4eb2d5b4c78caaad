import type { App } from '#server/http/app-type.ts'

/** GET /api/search/posts and GET /api/search/writers. */
export function searchRoutes(_app: App) {}
