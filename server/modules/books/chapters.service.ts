import { and, asc, eq, sql } from 'drizzle-orm'
import { BOOK_CHAPTER_MAX_LENGTH, BOOK_CHAPTERS_MAX } from '#common/constants.ts'
import { wordCountOf } from '#common/rich-text.ts'
import type {
  AddChapterInput,
  Chapter,
  ChapterSummary,
  ReorderChaptersInput,
  UpdateChapterInput,
} from '#common/schemas/books.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { storedRichText } from '#server/core/rich-text/rich-text.ts'
import type { Tx } from '#server/db/client.ts'
import { book, bookChapter } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { queueChapterMail } from '#server/modules/newsletters/index.ts'
import {
  type BookRow,
  type ChapterRow,
  chapterNotFound,
  findManageableBook,
  tableOfContents,
  toChapter,
} from './book-rows.ts'

// A book's chapters: add, rename and edit, reorder, delete. Every write locks the book row first,
// so writes to one book take turns (positions stay 1..n without gaps) and the book's totals are
// recounted in the same transaction. A chapter's first words in a book already in the store queue
// its "New chapter" mail to the owners, in the same transaction (newsletters).

/** The body as stored (sanitized through the bounded worker pool) and its word count. */
async function storedBody(html: string) {
  const bodyHtml = await storedRichText(html, { maxLength: BOOK_CHAPTER_MAX_LENGTH, noun: 'chapter' })
  return { bodyHtml, wordCount: wordCountOf(bodyHtml) }
}

/** Recounts the book's chapters and words, and marks it changed. */
async function refreshTotals(tx: Tx, bookId: string, now: Date): Promise<BookRow> {
  const [row] = await tx
    .update(book)
    .set({
      chapterCount: sql`(select count(*)::int from ${bookChapter} where ${bookChapter.bookId} = ${bookId})`,
      wordCount: sql`(select coalesce(sum(${bookChapter.wordCount}), 0)::int from ${bookChapter} where ${bookChapter.bookId} = ${bookId})`,
      updatedAt: now,
    })
    .where(eq(book.id, bookId))
    .returning()
  return row
}

/**
 * Puts the chapters at 1..n in the given order. Two steps, because the unique (book, position) is
 * checked row by row: first every chapter to a negative place (free), then each to its new one.
 */
async function renumber(tx: Tx, bookId: string, orderedIds: string[]) {
  if (orderedIds.length === 0) return
  await tx
    .update(bookChapter)
    .set({ position: sql`-${bookChapter.position}` })
    .where(eq(bookChapter.bookId, bookId))
  const values = sql.join(
    orderedIds.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
    sql`, `,
  )
  await tx.execute(sql`
    update ${bookChapter} set position = v.position
    from (values ${values}) as v(id, position)
    where ${bookChapter.id} = v.id and ${bookChapter.bookId} = ${bookId}`)
}

async function chapterOf(tx: Tx, bookId: string, chapterId: string): Promise<ChapterRow> {
  const [row] = await tx
    .select()
    .from(bookChapter)
    .where(and(eq(bookChapter.id, chapterId), eq(bookChapter.bookId, bookId)))
  if (!row) throw chapterNotFound()
  return row
}

export async function addChapter(
  ctx: AppContext,
  actor: SessionUser,
  bookId: string,
  input: AddChapterInput,
): Promise<Chapter> {
  await findManageableBook(ctx.db, actor, bookId)
  const body = await storedBody(input.bodyHtml)
  return ctx.db.transaction(async (tx) => {
    await findManageableBook(tx, actor, bookId, true)
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookChapter)
      .where(eq(bookChapter.bookId, bookId))
    if (n >= BOOK_CHAPTERS_MAX) {
      throw new AppError('conflict', `A book has at most ${BOOK_CHAPTERS_MAX} chapters`)
    }
    const now = ctx.clock.now()
    const [row] = await tx
      .insert(bookChapter)
      .values({ bookId, position: n + 1, title: input.title, ...body, createdAt: now, updatedAt: now })
      .returning()
    const b = await refreshTotals(tx, bookId, now)
    await queueChapterMail(ctx, tx, row.id)
    return toChapter(tx, b, row)
  })
}

export async function updateChapter(
  ctx: AppContext,
  actor: SessionUser,
  bookId: string,
  chapterId: string,
  input: UpdateChapterInput,
): Promise<Chapter> {
  await findManageableBook(ctx.db, actor, bookId)
  const body = input.bodyHtml === undefined ? {} : await storedBody(input.bodyHtml)
  return ctx.db.transaction(async (tx) => {
    await findManageableBook(tx, actor, bookId, true)
    await chapterOf(tx, bookId, chapterId)
    const now = ctx.clock.now()
    const [row] = await tx
      .update(bookChapter)
      .set({ ...(input.title === undefined ? {} : { title: input.title }), ...body, updatedAt: now })
      .where(eq(bookChapter.id, chapterId))
      .returning()
    const b = await refreshTotals(tx, bookId, now)
    await queueChapterMail(ctx, tx, row.id)
    return toChapter(tx, b, row)
  })
}

/** The new order must list every chapter of the book exactly once (the schema refused repeats). */
export async function reorderChapters(
  ctx: AppContext,
  actor: SessionUser,
  bookId: string,
  input: ReorderChaptersInput,
): Promise<ChapterSummary[]> {
  return ctx.db.transaction(async (tx) => {
    await findManageableBook(tx, actor, bookId, true)
    const current = await tx
      .select({ id: bookChapter.id })
      .from(bookChapter)
      .where(eq(bookChapter.bookId, bookId))
    const known = new Set(current.map((c) => c.id))
    if (input.chapterIds.length !== known.size || input.chapterIds.some((id) => !known.has(id))) {
      throw new AppError('bad_request', 'Some fields need your attention', {
        chapterIds: 'List every chapter of this book once, in the new order',
      })
    }
    await renumber(tx, bookId, input.chapterIds)
    return tableOfContents(tx, await refreshTotals(tx, bookId, ctx.clock.now()))
  })
}

/** Deletes a chapter and closes the gap. A published book keeps at least one chapter. */
export async function deleteChapter(
  ctx: AppContext,
  actor: SessionUser,
  bookId: string,
  chapterId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const b = await findManageableBook(tx, actor, bookId, true)
    await chapterOf(tx, bookId, chapterId)
    if (b.status === 'published' && b.chapterCount <= 1) {
      throw new AppError('conflict', 'A published book keeps at least one chapter')
    }
    // In review or in the store, a paid book keeps a chapter past its preview (as its settings do).
    if (
      b.status !== 'draft' &&
      b.status !== 'rejected' &&
      b.price > 0 &&
      b.previewChapters >= b.chapterCount - 1
    ) {
      throw new AppError(
        'conflict',
        'Deleting this chapter would put the whole book in the free preview: lower the preview first',
      )
    }
    await tx.delete(bookChapter).where(eq(bookChapter.id, chapterId))
    const rest = await tx
      .select({ id: bookChapter.id })
      .from(bookChapter)
      .where(eq(bookChapter.bookId, bookId))
      .orderBy(asc(bookChapter.position))
    await renumber(
      tx,
      bookId,
      rest.map((c) => c.id),
    )
    await refreshTotals(tx, bookId, ctx.clock.now())
  })
}
