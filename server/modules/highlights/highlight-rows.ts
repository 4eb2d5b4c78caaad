import { and, eq, inArray } from 'drizzle-orm'
import { anchorPassage, textOfHtml } from '#common/anchoring.ts'
import { postPath, readPath } from '#common/paths.ts'
import type { Highlight, HighlightTarget } from '#common/schemas/highlights.ts'
import type { AppContext } from '#server/context.ts'
import { book, bookChapter, highlight, post } from '#server/db/schema/index.ts'

// A highlight as it is sent: where it is (book and chapter, or post, with the address) and whether
// its passage is still in the text. The bodies are read once per page of highlights, never sent.

type HighlightRow = typeof highlight.$inferSelect

/** The columns of a highlight's row and of its place, for every list. */
export const highlightColumns = {
  row: highlight,
  post: { title: post.title, authorId: post.authorId, slug: post.slug },
  book: { title: book.title },
  chapter: { title: bookChapter.title, position: bookChapter.position },
}

export interface JoinedRow {
  row: HighlightRow
  post: { title: string; authorId: string; slug: string } | null
  book: { title: string } | null
  chapter: { title: string; position: number } | null
}

/** Every highlight query selects from here: the highlight and its place. */
export const selectHighlights = (ctx: AppContext) =>
  ctx.db
    .select(highlightColumns)
    .from(highlight)
    .leftJoin(post, eq(post.id, highlight.postId))
    .leftJoin(book, eq(book.id, highlight.bookId))
    .leftJoin(bookChapter, eq(bookChapter.id, highlight.chapterId))

function targetOf(r: JoinedRow): HighlightTarget {
  const { row } = r
  if (row.postId && r.post)
    return {
      kind: 'post',
      postId: row.postId,
      postTitle: r.post.title,
      link: postPath(r.post.authorId, r.post.slug),
    }
  // The check constraint makes a highlight without a post a chapter's.
  return {
    kind: 'chapter',
    bookId: row.bookId as string,
    bookTitle: r.book?.title ?? '',
    chapterId: row.chapterId as string,
    chapterTitle: r.chapter?.title ?? '',
    chapterPosition: r.chapter?.position ?? 0,
    link: readPath(row.bookId as string, row.chapterId),
  }
}

/** The text of each post and chapter the rows are on, by id (one query per kind). */
async function textsOf(ctx: AppContext, rows: HighlightRow[]): Promise<Map<string, string>> {
  const postIds = [...new Set(rows.flatMap((r) => (r.postId ? [r.postId] : [])))]
  const chapterIds = [...new Set(rows.flatMap((r) => (r.chapterId ? [r.chapterId] : [])))]
  const [posts, chapters] = await Promise.all([
    postIds.length
      ? ctx.db.select({ id: post.id, html: post.bodyHtml }).from(post).where(inArray(post.id, postIds))
      : [],
    chapterIds.length
      ? ctx.db
          .select({ id: bookChapter.id, html: bookChapter.bodyHtml })
          .from(bookChapter)
          .where(inArray(bookChapter.id, chapterIds))
      : [],
  ])
  return new Map([...posts, ...chapters].map((b) => [b.id, textOfHtml(b.html)]))
}

/** The rows as sent, each anchored in its text as it is now: orphaned when its passage is gone. */
export async function toHighlights(ctx: AppContext, rows: JoinedRow[]): Promise<Highlight[]> {
  const texts = await textsOf(
    ctx,
    rows.map((r) => r.row),
  )
  return rows.map((r) => {
    const { row } = r
    const text = texts.get(row.postId ?? row.chapterId ?? '') ?? ''
    return {
      id: row.id,
      target: targetOf(r),
      exact: row.exact,
      prefix: row.prefix,
      suffix: row.suffix,
      start: row.start,
      end: row.end,
      colour: row.colour,
      note: row.note,
      orphaned: anchorPassage(text, row) === null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  })
}

/** Only the owner's highlights: for anyone else the one in question does not exist. */
export const mine = (userId: string, id?: string) =>
  and(eq(highlight.userId, userId), id ? eq(highlight.id, id) : undefined)
