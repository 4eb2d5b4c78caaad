import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { Leaderboard } from '#common/schemas/exam-leaderboard.ts'
import { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import {
  AttemptState,
  AuthorExam,
  ExamCardPage,
  ExamIntro,
  ExamResults,
  ExamReviewPage,
  ExamStats,
  MyAttemptPage,
  MyExamPage,
} from '#common/schemas/exams.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'
import { examPaths, withQuery } from './paths.ts'

// Every read of the Exams Room as TanStack Query options. All live under ['exams', ...], so a change
// can refresh exactly what it touches (`examQueries.intro(id).queryKey`) or all of it (`examKeys.all`).
// The list's key is the one a server-rendered page seeds (common/query-keys.ts).

export const examKeys = {
  all: ['exams'] as const,
  myAttempts: ['exams', 'my-attempts'] as const,
}

export interface ExamFilters {
  subject?: string
  q?: string
}

/**
 * An attempt and how far the server's clock is ahead of this device's, measured when the
 * answer arrived: the countdown adds it to Date.now(), so a wrong device clock changes nothing.
 */
export interface ClockedAttempt {
  attempt: AttemptState
  clockOffsetMs: number
}

export const clocked = (attempt: AttemptState): ClockedAttempt => ({
  attempt,
  clockOffsetMs: Date.parse(attempt.serverNow) - Date.now(),
})

export const examQueries = {
  /** Published exams, filtered by subject and words, a page at a time. */
  list: (filters: ExamFilters) =>
    infiniteQueryOptions({
      queryKey: queryKeys.exams(filters),
      queryFn: ({ pageParam, signal }) =>
        api(withQuery(examPaths.exams, { ...filters, cursor: pageParam }), ExamCardPage, { signal }),
      ...cursorPages,
    }),

  /** What a taker reads before Start, with their attempts so far and any attempt still running. */
  intro: (examId: string) =>
    queryOptions({
      queryKey: ['exams', 'intro', examId] as const,
      queryFn: ({ signal }) => api(examPaths.exam(examId), ExamIntro, { signal }),
    }),

  /** The attempts I submitted, newest first. */
  myAttempts: () =>
    infiniteQueryOptions({
      queryKey: examKeys.myAttempts,
      queryFn: ({ pageParam, signal }) =>
        api(withQuery(examPaths.myAttempts, { cursor: pageParam }), MyAttemptPage, { signal }),
      ...cursorPages,
    }),

  /** The few attempts I submitted last (the dashboard's shelf), refreshed with the full list. */
  recentAttempts: (limit: number) =>
    queryOptions({
      queryKey: [...examKeys.myAttempts, 'recent', limit] as const,
      queryFn: ({ signal }) => api(withQuery(examPaths.myAttempts, { limit }), MyAttemptPage, { signal }),
    }),

  /** A running attempt (resumed after a reload or on another device). Read once: answers live here. */
  attempt: (attemptId: string) =>
    queryOptions({
      queryKey: ['exams', 'attempt', attemptId] as const,
      queryFn: async ({ signal }) =>
        clocked(await api(examPaths.attempt(attemptId), AttemptState, { signal })),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),

  /** My attempts at one exam, the latest submitted one reviewed question by question. */
  results: (examId: string) =>
    queryOptions({
      queryKey: ['exams', 'results', examId] as const,
      queryFn: ({ signal }) => api(examPaths.results(examId), ExamResults, { signal }),
    }),

  /** The exam's leaderboard (read again when its stream says it changed: useLeaderboard). */
  leaderboard: (examId: string) =>
    queryOptions({
      queryKey: ['exams', 'leaderboard', examId] as const,
      queryFn: ({ signal }) => api(examPaths.leaderboard(examId), Leaderboard, { signal }),
    }),

  /** The author's (or an admin's) whole exam, answers included; someone else's answers 404. */
  edit: (examId: string) =>
    queryOptions({
      queryKey: ['exams', 'edit', examId] as const,
      queryFn: ({ signal }) => api(examPaths.edit(examId), AuthorExam, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),

  /** The exams I wrote, newest first, a page at a time. */
  mine: () =>
    infiniteQueryOptions({
      queryKey: ['exams', 'mine'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(withQuery(examPaths.myExams, { cursor: pageParam }), MyExamPage, { signal }),
      ...cursorPages,
    }),

  /** One of my exams' statistics. */
  stats: (examId: string) =>
    queryOptions({
      queryKey: ['exams', 'stats', examId] as const,
      queryFn: ({ signal }) => api(examPaths.stats(examId), ExamStats, { signal }),
      staleTime: 30_000,
    }),

  /** One of my exams' item statistics (facility, discrimination, CIC), from first attempts. */
  statistics: (examId: string) =>
    queryOptions({
      queryKey: ['exams', 'statistics', examId] as const,
      queryFn: ({ signal }) => api(examPaths.statistics(examId), ExamStatistics, { signal }),
      staleTime: 30_000,
    }),

  /** Exams waiting for an editor, the longest-waiting first (admins only). */
  reviewQueue: () =>
    infiniteQueryOptions({
      queryKey: ['exams', 'review'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(withQuery(examPaths.reviewQueue, { cursor: pageParam }), ExamReviewPage, { signal }),
      ...cursorPages,
    }),
}
