import { and, eq, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { postEditorPath, postPath } from '#common/paths.ts'
import { excerptOf, hasContent, wordCountOf } from '#common/rich-text.ts'
import { type Post, REVIEW_OPENING_LENGTH, type ReviewItem } from '#common/schemas/posts.ts'
import type { ModerationKind } from '#server/core/moderation/moderation.ts'
import type { Db } from '#server/db/client.ts'
import { post } from '#server/db/schema/index.ts'
import { queueNewsletter } from '#server/modules/newsletters/index.ts'
import { assertHasBody, type PostRow, toPost, toPostSummary } from './posts.service.ts'

/** How many other posts the row's writer has under the same title (by the author index). */
function sameTitleCount(db: Db) {
  const other = alias(post, 'other')
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(other)
    .where(
      and(
        eq(other.authorId, post.authorId),
        sql`lower(${other.title}) = lower(${post.title})`,
        ne(other.id, post.id),
      ),
    )
  return sql<number>`(${count})`.mapWith(Number)
}

/**
 * Posts in the review workflow (server/core/moderation): each card says, without opening the post,
 * its length and opening (read from the body the page loads anyway) and its writer's other posts
 * under the same title.
 */
export const postReview: ModerationKind<
  PostRow,
  { sameTitleCount: ReturnType<typeof sameTitleCount> },
  ReviewItem,
  Post
> = {
  noun: 'post',
  table: post,
  readerPath: (row) => postPath(row.authorId, row.slug),
  editorPath: (row) => postEditorPath(row.id),
  queueColumns: (db) => ({ sameTitleCount: sameTitleCount(db) }),
  toQueueItem: (row, author, extra) => ({
    ...toPostSummary(row),
    author,
    wordCount: wordCountOf(row.bodyHtml),
    opening: excerptOf(row.bodyHtml, REVIEW_OPENING_LENGTH),
    hasBody: hasContent(row.bodyHtml),
    sameTitleCount: extra.sameTitleCount,
  }),
  // Submitted before posts needed a body, or emptied since: it cannot go live empty.
  assertPublishable: (_tx, row) => assertHasBody(row),
  toResult: (_tx, row) => toPost(row),
  // Mailed once, at its first publication (decision 046): an edit approved again mails nobody.
  onApproved: async (ctx, tx, row, first) => {
    if (first) await queueNewsletter(ctx, tx, row.id)
  },
}
