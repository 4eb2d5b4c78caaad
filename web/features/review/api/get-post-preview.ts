import { useQuery } from '@tanstack/react-query'
import { PublicPost } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { reviewKeys } from './query-keys.ts'

export const fetchPostPreview = (writerId: string, slug: string, signal?: AbortSignal) =>
  api(`/api/posts/by/${encodeURIComponent(writerId)}/${encodeURIComponent(slug)}`, PublicPost, { signal })

/** A pending post as its reviewer reads it (admins may read unpublished posts), once asked for. */
export function usePostPreview(writerId: string, slug: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.post(writerId, slug),
    queryFn: ({ signal }) => fetchPostPreview(writerId, slug, signal),
    enabled,
    staleTime: 60_000,
  })
}
