import { useQuery } from '@tanstack/react-query'
import { Post } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { postQueryKey } from './post-query-key.ts'

/** GET /api/posts/:id: the author's (or an admin's) full post; someone else's answers 404. */
export const getPost = (id: string) => api(`/api/posts/${encodeURIComponent(id)}`, Post)

export function usePost(id: string | null) {
  return useQuery({
    queryKey: postQueryKey(id ?? ''),
    queryFn: () => getPost(id ?? ''),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
