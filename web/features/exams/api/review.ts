import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { RejectInput } from '#common/schemas/posts.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { examKeys, examQueries } from './exam-queries.ts'
import { examPaths } from './paths.ts'

/** Exams waiting for an editor, the longest-waiting first (admins only). */
export const useExamReviewQueue = () => useInfiniteQuery(examQueries.reviewQueue())

export function useApproveExam() {
  const queryClient = useQueryClient()
  return useMutation({
    // The answer is not read (the queue refreshes), so any success shape will do.
    mutationFn: ({ examId }: { examId: string; title: string }) =>
      api(examPaths.approve(examId), z.unknown(), { method: 'POST' }),
    // Toasted here: the item leaves the queue (and its component unmounts) once the queue refreshes.
    onSuccess: (_data, { title }) => {
      toast.success(`“${title}” is published`)
      return queryClient.invalidateQueries({ queryKey: examKeys.all })
    },
  })
}

export function useRejectExam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ examId, reason }: { examId: string; title: string } & RejectInput) =>
      api(examPaths.reject(examId), z.unknown(), { method: 'POST', body: { reason } }),
    onSuccess: (_data, { title }) => {
      toast.success(`“${title}” was sent back to its author`)
      return queryClient.invalidateQueries({ queryKey: examKeys.all })
    },
  })
}
