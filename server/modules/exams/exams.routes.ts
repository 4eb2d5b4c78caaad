import { Leaderboard } from '#common/schemas/exam-leaderboard.ts'
import {
  AnswerParams,
  AttemptIdParams,
  AttemptResult,
  AttemptState,
  AuthorExam,
  ExamCardPage,
  ExamIdParams,
  ExamIntro,
  ExamRejectInput,
  ExamResults,
  ExamReviewPage,
  ExamStats,
  ExamsQuery,
  MyAttemptPage,
  MyAttemptsQuery,
  MyExamPage,
  MyExamsQuery,
  SaveAnswerInput,
  SavedAnswer,
  SaveExamInput,
} from '#common/schemas/exams.ts'
import { PageQuery } from '#common/schemas/fields.ts'
import { SearchQuery } from '#common/schemas/search.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import { approve, listReviewQueue, reject } from '#server/core/moderation/moderation.ts'
import type { App } from '#server/http/app-type.ts'
import {
  getAttemptState,
  recordTabSwitch,
  saveAnswer,
  startAttempt,
  submitAttempt,
} from './attempts.service.ts'
import {
  createExam,
  deleteExam,
  getExamForEditing,
  listMyExams,
  submitExam,
  updateExam,
} from './exams.service.ts'
import { getExamIntro, listExams, searchExams } from './finding.service.ts'
import { openLeaderboardStream } from './leaderboard.stream.ts'
import { getExamStats, getLeaderboard, getMyResults, listMyAttempts } from './results.service.ts'
import { examReview } from './review.ts'
import { examStatisticsRoutes } from './statistics.routes.ts'

/** The Exams Room: building, finding, taking, results and leaderboards. */
export function examRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  // Building (the author; admins may manage any exam).
  app.post(
    '/api/exams',
    {
      ...guarded,
      schema: {
        operationId: 'createExam',
        summary: 'Start an exam as a draft',
        body: SaveExamInput,
        response: { 201: AuthorExam },
      },
    },
    async (req, reply) => reply.code(201).send(await createExam(app.ctx, actor(req), req.body)),
  )

  app.get(
    '/api/exams/:examId/edit',
    {
      ...guarded,
      schema: {
        operationId: 'getExamForEditing',
        summary: 'Read one of my exams to edit it',
        params: ExamIdParams,
        response: { 200: AuthorExam },
      },
    },
    async (req) => getExamForEditing(app.ctx, actor(req), req.params.examId),
  )

  app.put(
    '/api/exams/:examId',
    {
      ...guarded,
      schema: {
        operationId: 'updateExam',
        summary: 'Save one of my exams',
        params: ExamIdParams,
        body: SaveExamInput,
        response: { 200: AuthorExam },
      },
    },
    async (req) => updateExam(app.ctx, actor(req), req.params.examId, req.body),
  )

  app.post(
    '/api/exams/:examId/submit',
    {
      ...guarded,
      schema: {
        operationId: 'submitExam',
        summary: 'Send a draft exam to review',
        params: ExamIdParams,
        response: { 200: AuthorExam },
      },
      config: { errors: [403, 409] },
    },
    async (req) => submitExam(app.ctx, actor(req), req.params.examId),
  )

  app.delete(
    '/api/exams/:examId',
    {
      ...guarded,
      schema: { operationId: 'deleteExam', summary: 'Delete one of my exams', params: ExamIdParams },
      config: { errors: [409] },
    },
    async (req, reply) => {
      await deleteExam(app.ctx, actor(req), req.params.examId)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/me/exams',
    {
      ...guarded,
      schema: {
        operationId: 'listMyExams',
        summary: 'List my exams',
        querystring: MyExamsQuery,
        response: { 200: MyExamPage },
      },
    },
    async (req) => listMyExams(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/exams/:examId/stats',
    {
      ...guarded,
      schema: {
        operationId: 'getExamStats',
        summary: 'Read how takers did on one of my exams',
        params: ExamIdParams,
        response: { 200: ExamStats },
      },
    },
    async (req) => getExamStats(app.ctx, actor(req), req.params.examId),
  )

  // Item statistics for the author (decision 048).
  examStatisticsRoutes(app)

  // Finding (public; the session only adds the caller's own attempts).
  app.get(
    '/api/exams',
    {
      schema: {
        operationId: 'listExams',
        summary: 'List published exams',
        querystring: ExamsQuery,
        response: { 200: ExamCardPage },
      },
    },
    async (req) => listExams(app.ctx, req.query),
  )

  app.get(
    '/api/search/exams',
    {
      schema: {
        operationId: 'searchExams',
        summary: 'Search published exams',
        querystring: SearchQuery,
        response: { 200: ExamCardPage },
      },
    },
    async (req) => searchExams(app.ctx, req.query),
  )

  app.get(
    '/api/exams/:examId',
    {
      schema: {
        operationId: 'getExam',
        summary: "Read an exam's introduction",
        params: ExamIdParams,
        response: { 200: ExamIntro },
      },
    },
    async (req) => getExamIntro(app.ctx, await readSessionUser(req), req.params.examId),
  )

  // Taking.
  app.post(
    '/api/exams/:examId/attempts',
    {
      ...guarded,
      schema: {
        operationId: 'startAttempt',
        summary: 'Start an attempt at an exam, or continue the open one',
        params: ExamIdParams,
        response: { 200: AttemptState, 201: AttemptState },
      },
      config: { errors: [409] },
    },
    async (req, reply) => {
      const { state, created } = await startAttempt(app.ctx, actor(req), req.params.examId)
      return reply.code(created ? 201 : 200).send(state)
    },
  )

  app.get(
    '/api/attempts/:attemptId',
    {
      ...guarded,
      schema: {
        operationId: 'getAttempt',
        summary: 'Read one of my attempts',
        params: AttemptIdParams,
        response: { 200: AttemptState },
      },
    },
    async (req) => getAttemptState(app.ctx, actor(req), req.params.attemptId),
  )

  app.put(
    '/api/attempts/:attemptId/answers/:questionId',
    {
      ...guarded,
      schema: {
        operationId: 'saveAnswer',
        summary: 'Save an answer in an attempt',
        params: AnswerParams,
        body: SaveAnswerInput,
        response: { 200: SavedAnswer },
      },
      config: { errors: [409] },
    },
    async (req) => saveAnswer(app.ctx, actor(req), req.params.attemptId, req.params.questionId, req.body),
  )

  app.post(
    '/api/attempts/:attemptId/tab-switches',
    {
      ...guarded,
      schema: {
        operationId: 'recordTabSwitch',
        summary: 'Record leaving the exam tab during an attempt',
        params: AttemptIdParams,
      },
    },
    async (req, reply) => {
      await recordTabSwitch(app.ctx, actor(req), req.params.attemptId)
      return reply.code(204).send()
    },
  )

  app.post(
    '/api/attempts/:attemptId/submit',
    {
      ...guarded,
      schema: {
        operationId: 'submitAttempt',
        summary: 'Hand in an attempt',
        params: AttemptIdParams,
        response: { 200: AttemptResult },
      },
    },
    async (req) => submitAttempt(app.ctx, actor(req), req.params.attemptId),
  )

  // Results.
  app.get(
    '/api/exams/:examId/results',
    {
      ...guarded,
      schema: {
        operationId: 'getMyExamResults',
        summary: 'Read my results for an exam',
        params: ExamIdParams,
        response: { 200: ExamResults },
      },
    },
    async (req) => getMyResults(app.ctx, actor(req), req.params.examId),
  )

  app.get(
    '/api/me/exam-attempts',
    {
      ...guarded,
      schema: {
        operationId: 'listMyAttempts',
        summary: 'List my exam attempts',
        querystring: MyAttemptsQuery,
        response: { 200: MyAttemptPage },
      },
    },
    async (req) => listMyAttempts(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/exams/:examId/leaderboard',
    {
      schema: {
        operationId: 'getLeaderboard',
        summary: "Read an exam's leaderboard",
        params: ExamIdParams,
        response: { 200: Leaderboard },
      },
    },
    async (req) => getLeaderboard(app.ctx, await readSessionUser(req), req.params.examId),
  )

  app.get(
    '/api/exams/:examId/leaderboard/stream',
    {
      schema: {
        operationId: 'streamLeaderboard',
        summary: "Stream an exam's leaderboard as it changes",
        params: ExamIdParams,
      },
    },
    async (req, reply) =>
      openLeaderboardStream(app.ctx, await readSessionUser(req), req.params.examId, reply),
  )
}

/** The exams' review queue and decisions (the admin scope: server/http/scopes.ts). */
export function examAdminRoutes(app: App) {
  app.get(
    '/api/admin/exams/review',
    {
      schema: {
        operationId: 'listExamReviewQueue',
        summary: 'List the exams waiting for review',
        querystring: PageQuery,
        response: { 200: ExamReviewPage },
      },
    },
    async (req) => listReviewQueue(app.ctx, examReview, req.query),
  )

  app.post(
    '/api/admin/exams/:examId/approve',
    {
      schema: {
        operationId: 'approveExam',
        summary: 'Approve and publish an exam',
        params: ExamIdParams,
        response: { 200: AuthorExam },
      },
      config: { errors: [409] },
    },
    async (req) => approve(app.ctx, examReview, req.params.examId),
  )

  app.post(
    '/api/admin/exams/:examId/reject',
    {
      schema: {
        operationId: 'rejectExam',
        summary: 'Send an exam back to its author',
        params: ExamIdParams,
        body: ExamRejectInput,
        response: { 200: AuthorExam },
      },
      config: { errors: [409] },
    },
    async (req) => reject(app.ctx, examReview, req.params.examId, req.body.reason),
  )
}
