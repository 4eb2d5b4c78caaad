import type { App } from '#server/http/app-type.ts'

// Filled in by the forums work (issue 6): see common/schemas/forums.ts for the contracts.
export function forumRoutes(_app: App) {}

/** /api/admin/forum: pin, lock, move. */
export async function forumAdminRoutes(_app: App) {}
