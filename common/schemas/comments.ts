import { z } from 'zod'
import { COMMENT_MAX_LENGTH } from '../constants.ts'
import { PageQuery, pageOf, text, Uuid } from './fields.ts'
import { PostAuthor } from './posts.ts'

// Reactions on a post: likes, plain-text comments (never HTML) and daily views.

export const CommentBody = text('Write a comment').max(
  COMMENT_MAX_LENGTH,
  `Keep your comment under ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters`,
)

export const CommentInput = z.object({ body: CommentBody })
export type CommentInput = z.infer<typeof CommentInput>

/** A comment, with what the caller may do with it. */
export const Comment = z.object({
  id: z.string(),
  postId: z.string(),
  author: PostAuthor,
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
})
export type Comment = z.infer<typeof Comment>

export const CommentPage = pageOf(Comment)
export type CommentPage = z.infer<typeof CommentPage>

export const CommentsQuery = PageQuery
export type CommentsQuery = z.infer<typeof CommentsQuery>

export const CommentIdParams = z.object({ id: Uuid('Unknown comment') })

export const LikeState = z.object({ liked: z.boolean(), likes: z.number().int() })
export type LikeState = z.infer<typeof LikeState>

export const ViewCount = z.object({ views: z.number().int() })
export type ViewCount = z.infer<typeof ViewCount>
