import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { PublicPost } from '#common/schemas/posts.ts'
import { postQueries } from '#web/data/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { comments } from './schemas.ts'

/** Counts a view once when a published post is shown, then shows the new count. */
export function useRecordView(post: PublicPost | undefined) {
  const queryClient = useQueryClient()
  // The server counts a reader once a day anyway; this only spares re-renders a request.
  const recorded = useRef<string | null>(null)
  const id = post?.status === 'published' ? post.id : undefined
  const writerId = post?.author.id ?? ''
  const slug = post?.slug ?? ''
  useEffect(() => {
    if (!id || recorded.current === id) return
    recorded.current = id
    api(
      `/api/posts/${encodeURIComponent(id)}/views`,
      comments((m) => m.ViewCount),
      { method: 'POST' },
    )
      .then(({ views }) =>
        queryClient.setQueryData(postQueries.post(writerId, slug).queryKey, (old) =>
          old ? { ...old, views } : old,
        ),
      )
      // A view that was not counted is not worth interrupting the reader for.
      .catch(() => {})
  }, [id, writerId, slug, queryClient])
}
