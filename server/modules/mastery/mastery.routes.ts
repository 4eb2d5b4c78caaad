import { MasteryList, MasterySubjectParams, SubjectMastery } from '#common/schemas/mastery.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { readMastery, readSubjectMastery } from './mastery.service.ts'

/** The reader's own levels per subject (decision 053): there is no route to anyone else's. */
export function masteryRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/me/mastery',
    {
      ...guarded,
      schema: {
        operationId: 'listMyMastery',
        summary: 'My level in each subject I have taken an exam in, and what the next level needs',
        response: { 200: MasteryList },
      },
    },
    async (req) => readMastery(app.ctx, actor(req)),
  )

  app.get(
    '/api/me/mastery/:subjectSlug',
    {
      ...guarded,
      schema: {
        operationId: 'getMySubjectMastery',
        summary: 'My level in one subject, the figures behind it and what the next level needs',
        params: MasterySubjectParams,
        response: { 200: SubjectMastery },
      },
    },
    async (req) => readSubjectMastery(app.ctx, actor(req), req.params.subjectSlug),
  )
}
