import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import {
  type AcceptInput,
  type ModerateThreadInput,
  Thread,
  type ThreadInput,
  WatchState,
} from '#common/schemas/forums.ts'
import { api } from '#web/lib/api-client.ts'
import { forumKeys, forumQueries } from './forum-queries.ts'
import { forumPaths } from './paths.ts'

/** A thread's opening post, its state and what the viewer may do with it. */
export const useThread = (id: string) => useQuery(forumQueries.thread(id))

/** The thread as the server now has it; the forums' lists and counts are read again when next shown. */
function threadChanged(queryClient: QueryClient, thread: Thread) {
  queryClient.setQueryData(forumQueries.thread(thread.id).queryKey, thread)
  void queryClient.invalidateQueries({ queryKey: forumQueries.list().queryKey })
  void queryClient.invalidateQueries({ queryKey: forumQueries.forum(thread.subjectSlug).queryKey })
}

export function useCreateThread(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ThreadInput) => api(forumPaths.threads(slug), Thread, { body: input }),
    onSuccess: (thread) => threadChanged(queryClient, thread),
    meta: { inlineErrors: true },
  })
}

export function useEditThread(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ThreadInput) => api(forumPaths.thread(id), Thread, { method: 'PATCH', body: input }),
    onSuccess: (thread) => threadChanged(queryClient, thread),
    meta: { inlineErrors: true },
  })
}

export function useDeleteThread(thread: Pick<Thread, 'id' | 'subjectSlug'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(forumPaths.thread(thread.id), NoContent, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: forumQueries.thread(thread.id).queryKey })
      void queryClient.invalidateQueries({ queryKey: forumQueries.list().queryKey })
      void queryClient.invalidateQueries({ queryKey: forumQueries.forum(thread.subjectSlug).queryKey })
    },
  })
}

/** Watch (a notification for each reply) or stop watching. */
export function useWatchThread(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (watching: boolean) =>
      api(forumPaths.watch(id), WatchState, { method: 'PUT', body: { watching } }),
    onSuccess: ({ watching }) =>
      queryClient.setQueryData(forumQueries.thread(id).queryKey, (old) => (old ? { ...old, watching } : old)),
  })
}

/** The thread's author accepts a reply as the answer, or takes the mark away (null). */
export function useAcceptReply(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (replyId: AcceptInput['replyId']) =>
      api(forumPaths.accepted(id), Thread, { method: 'PUT', body: { replyId } }),
    onSuccess: (thread) => {
      threadChanged(queryClient, thread)
      // Each reply carries its own `accepted` mark.
      void queryClient.invalidateQueries({ queryKey: forumKeys.replies(id) })
    },
  })
}

/** Admins: pin, lock or move a thread. */
export function useModerateThread(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ModerateThreadInput) =>
      api(forumPaths.moderate(id), Thread, { method: 'PATCH', body: input }),
    onSuccess: (thread) => {
      threadChanged(queryClient, thread)
      // A move changes two forums; pinning reorders a list: every forum is read again.
      void queryClient.invalidateQueries({ queryKey: forumKeys.subjects })
    },
  })
}
