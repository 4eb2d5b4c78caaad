import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PublicPost } from '#common/schemas/posts.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { postKeys, postQueries } from '#web/data/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { posts } from './schemas.ts'

export const setFeatured = (postId: string, featured: boolean) =>
  api(
    `/api/admin/posts/${encodeURIComponent(postId)}/featured`,
    posts((m) => m.FeaturedState),
    {
      method: featured ? 'PUT' : 'DELETE',
    },
  )

/** An admin's pick for the featured shelves: the reader shows the new state, the feeds reload when next shown. */
export function useFeaturePost(post: PublicPost) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (featured: boolean) => setFeatured(post.id, featured),
    onSuccess: ({ featured }) => {
      queryClient.setQueryData(postQueries.post(post.author.id, post.slug).queryKey, (old) =>
        old ? { ...old, featured } : old,
      )
      // Not refetched now (this post's own answer would race the change); stale for the next visit.
      void queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' })
      toast.success(featured ? 'Featured: it now shows in the featured picks.' : 'No longer featured.')
    },
  })
}
