import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { forumQueries } from './forum-queries.ts'
import { forumPaths } from './paths.ts'

/**
 * Keeps an open thread live: its stream sends `changed` on any reply, edit, deletion or moderation,
 * and the thread and the page on screen are read again. They are also read again each time the
 * stream (re)opens, so a change made while it was reconnecting is not missed.
 */
export function useThreadStream(threadId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(forumPaths.stream(threadId))
    // The thread's key is the prefix of its pages' keys: one call refreshes both (only the pages on
    // screen are fetched now; the others when next shown).
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: forumQueries.thread(threadId).queryKey })
    let opened = false
    source.addEventListener('changed', refresh)
    source.addEventListener('open', () => {
      // The first open follows the first read: only a reconnect can have missed something.
      if (opened) refresh()
      opened = true
    })
    return () => source.close()
  }, [threadId, queryClient])
}
