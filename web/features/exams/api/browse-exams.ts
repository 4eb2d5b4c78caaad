import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { type ExamFilters, examQueries } from './exam-queries.ts'

/** Published exams, filtered by subject and words, a page at a time. */
export const useExams = (filters: ExamFilters) => useInfiniteQuery(examQueries.list(filters))

/** What a taker reads before Start, with their attempts so far and any attempt still running. */
export const useExamIntro = (examId: string) => useQuery(examQueries.intro(examId))

/** The few attempts I submitted last (the dashboard's shelf), refreshed with the full list. */
export const useRecentAttempts = (limit: number) => useQuery(examQueries.recentAttempts(limit))

/** The attempts I submitted, newest first. */
export const useMyAttempts = () => useInfiniteQuery(examQueries.myAttempts())
