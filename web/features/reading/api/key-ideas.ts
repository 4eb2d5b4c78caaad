import { useQuery } from '@tanstack/react-query'
import { api, schemasOf } from '#web/lib/api-client.ts'

const flashcards = schemasOf(() => import('#common/schemas/flashcards.ts'))

/** Under ['posts'], so what makes the post stale (a subscription) reads its Key ideas again. */
export const keyIdeasKey = (postId: string) => ['posts', 'key-ideas', postId] as const

/** GET /api/posts/:id/key-ideas: the lesson's Key ideas; none while its body is locked to this reader. */
export const useKeyIdeas = (postId: string) =>
  useQuery({
    queryKey: keyIdeasKey(postId),
    queryFn: ({ signal }) =>
      api(
        `/api/posts/${encodeURIComponent(postId)}/key-ideas`,
        flashcards((m) => m.LessonFlashcards),
        { signal },
      ),
  })
