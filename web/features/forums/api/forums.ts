import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ForumList, ForumSummary, ThreadPage } from '#common/schemas/forums.ts'
import { api } from '#web/lib/api-client.ts'
import { forumPaths } from './paths.ts'
import { forumKeys } from './query-keys.ts'

/** Every subject's forum, with its counts and latest activity. */
export function useForums() {
  return useQuery({
    queryKey: forumKeys.list(),
    queryFn: ({ signal }) => api(forumPaths.forums(), ForumList, { signal }),
  })
}

/** One subject's forum; a 404 when there is no such subject. */
export function useForum(slug: string) {
  return useQuery({
    queryKey: forumKeys.forum(slug),
    queryFn: ({ signal }) => api(forumPaths.forum(slug), ForumSummary, { signal }),
  })
}

function fetchThreads(
  slug: string,
  cursor: string | undefined,
  limit: number | undefined,
  signal: AbortSignal,
) {
  const params = new URLSearchParams()
  if (cursor) params.set('cursor', cursor)
  if (limit) params.set('limit', String(limit))
  const query = params.size ? `?${params}` : ''
  return api(`${forumPaths.threads(slug)}${query}`, ThreadPage, { signal })
}

/** A forum's threads: pinned ones first (on the first page), then by latest activity, a page at a time. */
export function useThreads(slug: string) {
  return useInfiniteQuery({
    queryKey: forumKeys.threads(slug),
    queryFn: ({ pageParam, signal }) => fetchThreads(slug, pageParam, undefined, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The first few threads of a forum (a subject hub's Discussions). */
export function useRecentThreads(slug: string, limit: number) {
  return useQuery({
    queryKey: forumKeys.threads(slug, limit),
    queryFn: ({ signal }) => fetchThreads(slug, undefined, limit, signal),
  })
}
