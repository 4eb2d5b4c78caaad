import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { AuthorExam, ExamStats, MyExamPage, type SaveExamInput } from '#common/schemas/exams.ts'
import { api } from '#web/lib/api-client.ts'
import { examPaths, withQuery } from './paths.ts'
import { examKeys } from './query-keys.ts'

/** The author's (or an admin's) whole exam, answers included; someone else's answers 404. */
export function useAuthorExam(examId: string | null) {
  return useQuery({
    queryKey: examKeys.edit(examId ?? ''),
    queryFn: ({ signal }) => api(examPaths.edit(examId ?? ''), AuthorExam, { signal }),
    enabled: Boolean(examId),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

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
      queryClient.setQueryData(examKeys.edit(exam.id), exam)
      void queryClient.invalidateQueries({ queryKey: examKeys.mine() })
    },
  })
}

/** To the review queue, or straight to published for an admin. */
export function useSubmitExam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (examId: string) => api(examPaths.submit(examId), AuthorExam, { method: 'POST' }),
    onSuccess: (exam) => {
      queryClient.setQueryData(examKeys.edit(exam.id), exam)
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
export function useMyExams() {
  return useInfiniteQuery({
    queryKey: examKeys.mine(),
    queryFn: ({ pageParam, signal }) =>
      api(withQuery(examPaths.myExams, { cursor: pageParam }), MyExamPage, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** One of my exams' statistics, once its panel is opened. */
export function useExamStats(examId: string, enabled: boolean) {
  return useQuery({
    queryKey: examKeys.stats(examId),
    queryFn: ({ signal }) => api(examPaths.stats(examId), ExamStats, { signal }),
    enabled,
    staleTime: 30_000,
  })
}
