import {
  LessonPractice,
  LessonPracticeParams,
  PracticeCardParams,
  PracticeDuePage,
  PracticeDueQuery,
  PracticeGradeInput,
  PracticeGradeResult,
  PracticeReviewInput,
  PracticeReviewResult,
  PracticeSettings,
  PracticeSummary,
} from '#common/schemas/practice.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { addLessonCards, gradeCard, lessonPractice, removeLessonCards } from './lesson-cards.service.ts'
import {
  getPracticeSettings,
  listDue,
  practiceSummary,
  reviewCard,
  updatePracticeSettings,
} from './practice.service.ts'

/**
 * Practice: the cards due, a count for the menu, answering a card or grading a Key idea, a lesson's
 * Key ideas in or out, the target retention.
 */
export function practiceRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/practice/due',
    {
      ...guarded,
      schema: {
        operationId: 'listDuePracticeCards',
        summary: 'The practice cards due now, longest overdue first, and how many are due',
        querystring: PracticeDueQuery,
        response: { 200: PracticeDuePage },
      },
    },
    async (req) => listDue(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/practice/summary',
    {
      ...guarded,
      schema: {
        operationId: 'getPracticeSummary',
        summary: 'How many practice cards are due now, and when the next one is',
        response: { 200: PracticeSummary },
      },
    },
    async (req) => practiceSummary(app.ctx, actor(req)),
  )

  app.post(
    '/api/practice/cards/:cardId/review',
    {
      ...guarded,
      schema: {
        operationId: 'reviewPracticeCard',
        summary: 'Answer a practice card: right or not yet, and when it comes back',
        params: PracticeCardParams,
        body: PracticeReviewInput,
        response: { 200: PracticeReviewResult },
      },
      config: { errors: [409] },
    },
    async (req) => reviewCard(app.ctx, actor(req), req.params.cardId, req.body),
  )

  app.post(
    '/api/practice/cards/:cardId/grade',
    {
      ...guarded,
      schema: {
        operationId: 'gradePracticeCard',
        summary: 'Grade a Key idea (Again, Hard, Good or Easy): when it comes back',
        params: PracticeCardParams,
        body: PracticeGradeInput,
        response: { 200: PracticeGradeResult },
      },
    },
    async (req) => gradeCard(app.ctx, actor(req), req.params.cardId, req.body),
  )

  const lessonSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    params: LessonPracticeParams,
    response: { 200: LessonPractice },
  })

  app.get(
    '/api/practice/lessons/:postId',
    {
      ...guarded,
      schema: lessonSchema('getLessonPractice', "How many of a lesson's Key ideas are in my practice"),
      config: { errors: [403] },
    },
    async (req) => lessonPractice(app.ctx, actor(req), req.params.postId),
  )

  app.post(
    '/api/practice/lessons/:postId',
    {
      ...guarded,
      schema: lessonSchema(
        'addLessonToPractice',
        "Add a lesson's Key ideas to my practice (those not in yet)",
      ),
      config: { errors: [403, 409] },
    },
    async (req) => addLessonCards(app.ctx, actor(req), req.params.postId),
  )

  app.delete(
    '/api/practice/lessons/:postId',
    {
      ...guarded,
      schema: lessonSchema('removeLessonFromPractice', "Take a lesson's Key ideas out of my practice"),
      config: { errors: [403] },
    },
    async (req) => removeLessonCards(app.ctx, actor(req), req.params.postId),
  )

  app.get(
    '/api/me/practice-settings',
    {
      ...guarded,
      schema: {
        operationId: 'getPracticeSettings',
        summary: 'Read my practice settings (the target retention)',
        response: { 200: PracticeSettings },
      },
    },
    async (req) => getPracticeSettings(app.ctx, actor(req)),
  )

  app.patch(
    '/api/me/practice-settings',
    {
      ...guarded,
      schema: {
        operationId: 'updatePracticeSettings',
        summary: 'Set my target retention for practice',
        body: PracticeSettings,
        response: { 200: PracticeSettings },
      },
    },
    async (req) => updatePracticeSettings(app.ctx, actor(req), req.body),
  )
}
