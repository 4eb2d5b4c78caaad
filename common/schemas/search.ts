import { z } from 'zod'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts'
import { pageOf, text } from './fields.ts'
import { PostCard } from './posts.ts'
import { WriterCard } from './writers.ts'

// Full-text search (PostgreSQL, websearch syntax: "exact phrase", -exclude, or).
// Books, exams and threads get their tabs when those land.

export const SEARCH_TYPES = ['posts', 'writers', 'books', 'exams', 'threads'] as const
export const SEARCH_QUERY_MAX_LENGTH = 200

export const SearchQuery = z.object({
  q: text('Type something to search for').max(
    SEARCH_QUERY_MAX_LENGTH,
    `Keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters`,
  ),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})
export type SearchQuery = z.infer<typeof SearchQuery>

/**
 * A highlighted excerpt as segments: `match` marks the words that matched. Plain text, never
 * HTML, so the page renders it without any HTML from the server.
 */
export const Snippet = z.array(z.object({ text: z.string(), match: z.boolean() }))
export type Snippet = z.infer<typeof Snippet>

/** `GET /api/search/posts`: best match first. */
export const PostHit = PostCard.extend({ snippet: Snippet })
export type PostHit = z.infer<typeof PostHit>
export const PostHitPage = pageOf(PostHit)

/** `GET /api/search/writers`. */
export const WriterHit = WriterCard.extend({ snippet: Snippet })
export type WriterHit = z.infer<typeof WriterHit>
export const WriterHitPage = pageOf(WriterHit)
