import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Post, type SavePostInput } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { MY_POSTS_QUERY_KEY, postQueryKey } from './post-query-key.ts'

/** POST /api/posts: the first save of a new post creates it. */
export const createPost = (input: SavePostInput) => api('/api/posts', Post, { method: 'POST', body: input })

/** PATCH /api/posts/:id with the whole form. */
export const updatePost = (id: string, input: SavePostInput) =>
  api(`/api/posts/${encodeURIComponent(id)}`, Post, { method: 'PATCH', body: input })

/** Creates the post when it has no id yet, updates it otherwise; field errors show under the fields. */
export function useSavePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavePostInput }) =>
      id ? updatePost(id, input) : createPost(input),
    meta: { inlineErrors: true },
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post)
      void queryClient.invalidateQueries({ queryKey: MY_POSTS_QUERY_KEY })
    },
  })
}
