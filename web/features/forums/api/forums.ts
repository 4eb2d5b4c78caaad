import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { forumQueries } from './forum-queries.ts'

/** Every subject's forum, with its counts and latest activity. */
export const useForums = () => useQuery(forumQueries.list())

/** One subject's forum; a 404 when there is no such subject. */
export const useForum = (slug: string) => useQuery(forumQueries.forum(slug))

/** A forum's threads: pinned ones first (on the first page), then by latest activity, a page at a time. */
export const useThreads = (slug: string) => useInfiniteQuery(forumQueries.threads(slug))

/** The first few threads of a forum (a subject hub's Discussions). */
export const useRecentThreads = (slug: string, limit: number) =>
  useQuery(forumQueries.recentThreads(slug, limit))
