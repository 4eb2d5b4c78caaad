import { queryKeys } from '#common/query-keys.ts'

/** Every Exams Room query lives under ['exams', ...], so a change can refresh exactly what it touches. */
export const examKeys = {
  all: ['exams'] as const,
  list: queryKeys.exams,
  intro: (examId: string) => ['exams', 'intro', examId] as const,
  edit: (examId: string) => ['exams', 'edit', examId] as const,
  stats: (examId: string) => ['exams', 'stats', examId] as const,
  results: (examId: string) => ['exams', 'results', examId] as const,
  leaderboard: (examId: string) => ['exams', 'leaderboard', examId] as const,
  mine: () => ['exams', 'mine'] as const,
  myAttempts: () => ['exams', 'my-attempts'] as const,
  attempt: (attemptId: string) => ['exams', 'attempt', attemptId] as const,
  review: () => ['exams', 'review'] as const,
}
