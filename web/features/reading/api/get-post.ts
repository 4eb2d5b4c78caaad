import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { api } from '#web/lib/api-client.ts'
import { posts } from './schemas.ts'

export const fetchPost = (writerId: string, slug: string, signal?: AbortSignal) =>
  api(
    `/api/posts/by/${encodeURIComponent(writerId)}/${encodeURIComponent(slug)}`,
    posts((m) => m.PublicPost),
    { signal },
  )

/** A post as this reader may see it: the body is null (and `locked` true) when they may not read it. */
export function usePost(writerId: string, slug: string) {
  return useQuery({
    queryKey: queryKeys.post(writerId, slug),
    queryFn: ({ signal }) => fetchPost(writerId, slug, signal),
  })
}
