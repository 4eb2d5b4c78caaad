import { useQuery } from '@tanstack/react-query'
import { postQueries } from '#web/data/posts.ts'

/** The writer's previous and next posts in the same category, and more of theirs (published posts only). */
export const usePostNeighbours = (postId: string, enabled: boolean) =>
  useQuery({ ...postQueries.neighbours(postId), enabled })
