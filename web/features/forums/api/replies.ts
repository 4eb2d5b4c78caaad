import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import { Reply, type ReplyInput } from '#common/schemas/forums.ts'
import { api } from '#web/lib/api-client.ts'
import { forumQueries } from './forum-queries.ts'
import { forumPaths } from './paths.ts'

/** One numbered page of a thread's replies. */
export const useReplies = (threadId: string, page: number) => useQuery(forumQueries.replies(threadId, page))

/** After a reply changes: the thread (counts, pages, accepted answer) and its pages are read again. */
function useThreadChanged(threadId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: forumQueries.thread(threadId).queryKey })
}

export function useAddReply(threadId: string) {
  const changed = useThreadChanged(threadId)
  return useMutation({
    mutationFn: (input: ReplyInput) => api(forumPaths.replies(threadId), Reply, { body: input }),
    onSuccess: () => changed(),
    meta: { inlineErrors: true },
  })
}

export function useEditReply(threadId: string) {
  const changed = useThreadChanged(threadId)
  return useMutation({
    mutationFn: ({ id, bodyHtml }: { id: string; bodyHtml: string }) =>
      api(forumPaths.reply(id), Reply, { method: 'PATCH', body: { bodyHtml } }),
    onSuccess: () => changed(),
    meta: { inlineErrors: true },
  })
}

export function useDeleteReply(threadId: string) {
  const changed = useThreadChanged(threadId)
  return useMutation({
    mutationFn: (id: string) => api(forumPaths.reply(id), NoContent, { method: 'DELETE' }),
    onSuccess: () => changed(),
  })
}
