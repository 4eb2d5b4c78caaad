import type { App } from '#server/http/app-type.ts'

/** The Exams Room: building, finding, taking, results and leaderboards. */
export function examRoutes(_app: App) {}

/** The exams' review queue and decisions (a scope guarded by requireAdmin). */
export async function examAdminRoutes(_app: App) {}
