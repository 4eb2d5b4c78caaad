import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LessonFlashcards, type SaveFlashcardsInput } from '#common/schemas/flashcards.ts'
import { api } from '#web/lib/api-client.ts'

const url = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/key-ideas`
const editorKey = (postId: string) => ['editor', 'key-ideas', postId] as const

/** GET /api/posts/:id/key-ideas: the lesson's Key ideas as saved, for its author to edit. */
export const useEditorKeyIdeas = (postId: string) =>
  useQuery({
    queryKey: editorKey(postId),
    queryFn: ({ signal }) => api(url(postId), LessonFlashcards, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** PUT /api/posts/:id/key-ideas: the whole list, in order; field errors show under the cards. */
export function useSaveKeyIdeas(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveFlashcardsInput) =>
      api(url(postId), LessonFlashcards, { method: 'PUT', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKey(postId), saved)
      // The lesson page reads them under ['posts', 'key-ideas', id].
      void queryClient.invalidateQueries({ queryKey: ['posts', 'key-ideas', postId] })
    },
  })
}
