import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { AuthorExam, type SaveExamInput } from '#common/schemas/exams.ts'
import { api } from '#web/lib/api-client.ts'
import { examKeys, examQueries } from './exam-queries.ts'
import { examPaths } from './paths.ts'

/** The author's (or an admin's) whole exam, answers included; someone else's answers 404. */
export const useAuthorExam = (examId: string | null) =>
  useQuery({ ...examQueries.edit(examId ?? ''), enabled: Boolean(examId) })

/** Creates the exam when it has no id yet, saves the whole of it otherwise; field errors show inline. */
export function useSaveExam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveExamInput }) =>
      id
        ? api(examPaths.exam(id), AuthorExam, { method: 'PUT', body: input })
        : api(examPaths.exams, AuthorExam, { method: 'POST', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (exam) => {
      queryClient.setQueryData(examQueries.edit(exam.id).queryKey, exam)
      void queryClient.invalidateQueries({ queryKey: examQueries.mine().queryKey })
    },
  })
}

/** To the review queue, or straight to published for an admin. */
export function useSubmitExam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (examId: string) => api(examPaths.submit(examId), AuthorExam, { method: 'POST' }),
    onSuccess: (exam) => {
      queryClient.setQueryData(examQueries.edit(exam.id).queryKey, exam)
      void queryClient.invalidateQueries({ queryKey: examKeys.all })
    },
  })
}

export function useDeleteExam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (examId: string) => api(examPaths.exam(examId), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  })
}

/** The exams I wrote, newest first, a page at a time. */
export const useMyExams = () => useInfiniteQuery(examQueries.mine())

/** One of my exams' statistics, once its panel is opened. */
export const useExamStats = (examId: string, enabled: boolean) =>
  useQuery({ ...examQueries.stats(examId), enabled })

/** One of my exams' item statistics, once its panel is opened. */
export const useExamStatistics = (examId: string, enabled: boolean) =>
  useQuery({ ...examQueries.statistics(examId), enabled })
