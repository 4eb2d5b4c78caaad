import { z } from 'zod'
import { Subject } from '#common/schemas/subjects.ts'
import type { App } from '#server/http/app-type.ts'
import { listSubjects } from './subjects.service.ts'

export function subjectRoutes(app: App) {
  app.get('/api/subjects', { schema: { response: { 200: z.array(Subject) } } }, async () =>
    listSubjects(app.ctx),
  )
}

/** POST/PATCH/DELETE /api/admin/subjects[/:slug] (a scope guarded by requireAdmin). */
export async function subjectAdminRoutes(_app: App) {}
