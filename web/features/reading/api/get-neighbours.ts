import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { api } from '#web/lib/api-client.ts'
import { posts } from './schemas.ts'

/** The writer's previous and next posts in the same category, and more of theirs (published posts only). */
export function usePostNeighbours(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.neighbours(postId),
    queryFn: ({ signal }) =>
      api(
        `/api/posts/${encodeURIComponent(postId)}/around`,
        posts((m) => m.PostNeighbours),
        { signal },
      ),
    enabled,
  })
}
