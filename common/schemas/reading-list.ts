import { z } from 'zod'
import { PageQuery, pageOf, Uuid } from './fields.ts'
import { PostCard } from './posts.ts'

// Save for later (issue 31, decision 056): a reader's reading list of posts, kept on the device
// for offline reading when their body is theirs to read.

export const ReadingListParams = z.object({ postId: Uuid('Unknown post') })
export type ReadingListParams = z.infer<typeof ReadingListParams>

export const ReadingListQuery = PageQuery
export type ReadingListQuery = z.infer<typeof ReadingListQuery>

/** A saved post: its card, when it was saved, and whether the reader may read its whole body now. */
export const ReadingListItem = z.object({
  post: PostCard,
  savedAt: z.string(),
  readable: z.boolean(),
})
export type ReadingListItem = z.infer<typeof ReadingListItem>

/** `GET /api/me/reading-list`: newest saves first, a keyset page at a time. */
export const ReadingListPage = pageOf(ReadingListItem)
export type ReadingListPage = z.infer<typeof ReadingListPage>

/** Whether the reader saved one post (its page's button), and, saved, whether its body is theirs. */
export const SavedState = z.object({ saved: z.boolean(), readable: z.boolean() })
export type SavedState = z.infer<typeof SavedState>
