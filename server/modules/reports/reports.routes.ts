import type { App } from '#server/http/app-type.ts'

/** POST /api/reports: anyone signed in reports a post or a comment. */
export function reportRoutes(_app: App) {}

/** GET /api/admin/reports, POST /api/admin/reports/:id/resolve (a scope guarded by requireAdmin). */
export async function reportAdminRoutes(_app: App) {}
