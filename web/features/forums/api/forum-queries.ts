import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { ForumList, ForumSummary, ReplyPage, Thread, ThreadPage } from '#common/schemas/forums.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'
import { forumPaths } from './paths.ts'

// Every read of the forums as TanStack Query options, all under ['forum', ...]. A forum's key is
// the prefix of its threads', a thread's the prefix of its reply pages': refreshing the one
// refreshes the others. A subject hub's first threads keep the key a server-rendered page seeds
// (common/query-keys.ts).

export const forumKeys = {
  all: ['forum'] as const,
  /** Every forum's summary and threads (a move or a pin changes them). */
  subjects: ['forum', 'subjects'] as const,
  thread: (threadId: string) => ['forum', 'threads', threadId] as const,
  /** Every page of a thread's replies (each carries its `accepted` mark). */
  replies: (threadId: string) => [...forumKeys.thread(threadId), 'replies'] as const,
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

export const forumQueries = {
  /** GET /api/forum: every subject's forum, with its counts and latest activity. */
  list: () =>
    queryOptions({
      queryKey: [...forumKeys.all, 'list'] as const,
      queryFn: ({ signal }) => api(forumPaths.forums(), ForumList, { signal }),
    }),

  /** One subject's forum; a 404 when there is no such subject. */
  forum: (slug: string) =>
    queryOptions({
      queryKey: [...forumKeys.subjects, slug] as const,
      queryFn: ({ signal }) => api(forumPaths.forum(slug), ForumSummary, { signal }),
    }),

  /** A forum's threads: pinned ones first (on the first page), then by latest activity, a page at a time. */
  threads: (slug: string) =>
    infiniteQueryOptions({
      queryKey: [...forumKeys.subjects, slug, 'threads'] as const,
      queryFn: ({ pageParam, signal }) => fetchThreads(slug, pageParam, undefined, signal),
      ...cursorPages,
    }),

  /** The first `limit` threads of a forum (a subject hub's Discussions). */
  recentThreads: (slug: string, limit: number) =>
    queryOptions({
      queryKey: queryKeys.recentThreads(slug, limit),
      queryFn: ({ signal }) => fetchThreads(slug, undefined, limit, signal),
    }),

  /** A thread's opening post, its state and what the viewer may do with it. */
  thread: (threadId: string) =>
    queryOptions({
      queryKey: forumKeys.thread(threadId),
      queryFn: ({ signal }) => api(forumPaths.thread(threadId), Thread, { signal }),
    }),

  /** One numbered page of a thread's replies. */
  replies: (threadId: string, page: number) =>
    queryOptions({
      queryKey: [...forumKeys.replies(threadId), page] as const,
      queryFn: ({ signal }) => api(`${forumPaths.replies(threadId)}?page=${page}`, ReplyPage, { signal }),
    }),
}
