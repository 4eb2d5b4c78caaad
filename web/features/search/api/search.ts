import { useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { BookCardPage } from '#common/schemas/books.ts'
import { ExamCardPage } from '#common/schemas/exams.ts'
import { ForumHitPage } from '#common/schemas/forums.ts'
import { PostHitPage, WriterHitPage } from '#common/schemas/search.ts'
import { api } from '#web/lib/api-client.ts'
import type { LiveSearchType } from '../search-types.ts'

export const searchKey = (type: LiveSearchType, q: string) => ['search', type, q] as const

function fetchHits<S extends z.ZodType>(
  path: string,
  schema: S,
  q: string,
  cursor?: string,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ q, limit: String(PAGE_SIZE_DEFAULT) })
  if (cursor) params.set('cursor', cursor)
  return api(`${path}?${params}`, schema, { signal })
}

/** Posts matching `q`, best match first, a page at a time. */
export function usePostSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKey('posts', q),
    queryFn: ({ pageParam, signal }) => fetchHits('/api/search/posts', PostHitPage, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** Writers matching `q` by name or bio, best match first, a page at a time. */
export function useWriterSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKey('writers', q),
    queryFn: ({ pageParam, signal }) => fetchHits('/api/search/writers', WriterHitPage, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** Published books matching `q` by title, subtitle or blurb (never a chapter), newest first. */
export function useBookSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKey('books', q),
    queryFn: ({ pageParam, signal }) => fetchHits('/api/search/books', BookCardPage, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** Published exams matching `q` by title or description, best match first. */
export function useExamSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKey('exams', q),
    queryFn: ({ pageParam, signal }) => fetchHits('/api/search/exams', ExamCardPage, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** Forum threads and replies matching `q`, best match first (a title match above any body). */
export function useThreadSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKey('threads', q),
    queryFn: ({ pageParam, signal }) => fetchHits('/api/search/threads', ForumHitPage, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
