import { useQuery } from '@tanstack/react-query'
import { PostNeighbours } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'

export const neighboursKey = (postId: string) => ['posts', 'around', postId] as const

/** The writer's previous and next posts in the same category, and more of theirs (published posts only). */
export function usePostNeighbours(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: neighboursKey(postId),
    queryFn: ({ signal }) =>
      api(`/api/posts/${encodeURIComponent(postId)}/around`, PostNeighbours, { signal }),
    enabled,
  })
}
