import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ExamCardPage, ExamIntro, MyAttemptPage } from '#common/schemas/exams.ts'
import { api } from '#web/lib/api-client.ts'
import { examPaths, withQuery } from './paths.ts'
import { examKeys } from './query-keys.ts'

export interface ExamFilters {
  subject?: string
  q?: string
}

/** Published exams, filtered by subject and words, a page at a time. */
export function useExams(filters: ExamFilters) {
  return useInfiniteQuery({
    queryKey: examKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api(withQuery(examPaths.exams, { ...filters, cursor: pageParam }), ExamCardPage, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** What a taker reads before Start, with their attempts so far and any attempt still running. */
export function useExamIntro(examId: string) {
  return useQuery({
    queryKey: examKeys.intro(examId),
    queryFn: ({ signal }) => api(examPaths.exam(examId), ExamIntro, { signal }),
  })
}

/** The few attempts I submitted last (the dashboard's shelf), refreshed with the full list. */
export function useRecentAttempts(limit: number) {
  return useQuery({
    queryKey: [...examKeys.myAttempts(), 'recent', limit],
    queryFn: ({ signal }) => api(withQuery(examPaths.myAttempts, { limit }), MyAttemptPage, { signal }),
  })
}

/** The attempts I submitted, newest first. */
export function useMyAttempts() {
  return useInfiniteQuery({
    queryKey: examKeys.myAttempts(),
    queryFn: ({ pageParam, signal }) =>
      api(withQuery(examPaths.myAttempts, { cursor: pageParam }), MyAttemptPage, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
