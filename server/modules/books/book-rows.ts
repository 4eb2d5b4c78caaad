import { and, asc, desc, eq, gt, lt } from 'drizzle-orm'
import type {
  AuthorBook,
  AuthorBookSummary,
  BookCard,
  Chapter,
  ChapterSummary,
} from '#common/schemas/books.ts'
import type { SessionUser } from '#server/context.ts'
import { bookPolicy } from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { book, bookChapter, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

// Rows as the shared schemas shape them.

export type BookRow = typeof book.$inferSelect
export type ChapterRow = typeof bookChapter.$inferSelect

export const bookNotFound = () => new AppError('not_found', 'That book does not exist')
export const chapterNotFound = () => new AppError('not_found', 'That chapter does not exist')

/** The author columns a card shows. */
export const authorColumns = { id: user.id, name: user.name, image: user.image }

/** The stars the book_review trigger keeps on the book row. */
export const ratingOf = (b: Pick<BookRow, 'ratingAvg' | 'ratingCount'>) => ({
  average: Number(b.ratingAvg),
  count: b.ratingCount,
})

const fieldsOf = (b: BookRow) => ({
  id: b.id,
  title: b.title,
  subtitle: b.subtitle,
  coverImage: b.coverImage,
  category: b.category,
  subjectSlug: b.subjectSlug,
  language: b.language,
  price: b.price,
  currency: b.currency,
  previewChapters: b.previewChapters,
  chapterCount: b.chapterCount,
  wordCount: b.wordCount,
  publishedAt: b.publishedAt?.toISOString() ?? null,
})

export const toBookCard = (b: BookRow, author: BookCard['author']): BookCard => ({
  ...fieldsOf(b),
  author,
  rating: ratingOf(b),
})

export const toAuthorBookSummary = (b: BookRow): AuthorBookSummary => ({
  ...fieldsOf(b),
  description: b.description,
  updatedAt: b.updatedAt.toISOString(),
  authorId: b.authorId,
  status: b.status,
  rejectionReason: b.rejectionReason,
  salesCount: b.salesCount,
  createdAt: b.createdAt.toISOString(),
})

export const toChapterSummary = (
  c: Pick<ChapterRow, 'id' | 'position' | 'title' | 'wordCount'>,
  previewChapters: number,
): ChapterSummary => ({
  id: c.id,
  position: c.position,
  title: c.title,
  wordCount: c.wordCount,
  preview: c.position <= previewChapters,
})

/** The table of contents, in order: never a body. */
export async function tableOfContents(db: Db | Tx, b: BookRow): Promise<ChapterSummary[]> {
  const rows = await db
    .select({
      id: bookChapter.id,
      position: bookChapter.position,
      title: bookChapter.title,
      wordCount: bookChapter.wordCount,
    })
    .from(bookChapter)
    .where(eq(bookChapter.bookId, b.id))
    .orderBy(asc(bookChapter.position))
  return rows.map((c) => toChapterSummary(c, b.previewChapters))
}

/** A chapter with its body and its neighbours: only for a reader who may read it (reading.service.ts). */
export async function toChapter(db: Db | Tx, b: BookRow, c: ChapterRow): Promise<Chapter> {
  const neighbour = (where: 'previous' | 'next') =>
    db
      .select({ id: bookChapter.id, title: bookChapter.title })
      .from(bookChapter)
      .where(
        and(
          eq(bookChapter.bookId, b.id),
          where === 'previous' ? lt(bookChapter.position, c.position) : gt(bookChapter.position, c.position),
        ),
      )
      .orderBy(where === 'previous' ? desc(bookChapter.position) : asc(bookChapter.position))
      .limit(1)
  const [previous] = await neighbour('previous')
  const [next] = await neighbour('next')
  return {
    ...toChapterSummary(c, b.previewChapters),
    bookId: b.id,
    bodyHtml: c.bodyHtml,
    updatedAt: c.updatedAt.toISOString(),
    previous: previous ?? null,
    next: next ?? null,
  }
}

export async function toAuthorBook(db: Db | Tx, b: BookRow): Promise<AuthorBook> {
  return { ...toAuthorBookSummary(b), chapters: await tableOfContents(db, b) }
}

/**
 * The book the actor may manage: its author's, or any for an admin. Anyone else gets the same 404
 * as for a book that does not exist, so drafts are not even confirmed to exist. In a transaction,
 * the row is locked until it ends (chapter writes take turns per book).
 */
export async function findManageableBook(
  db: Db | Tx,
  actor: SessionUser,
  id: string,
  lock = false,
): Promise<BookRow> {
  const query = db.select().from(book).where(eq(book.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row || !bookPolicy.manage(actor, row)) throw bookNotFound()
  return row
}
