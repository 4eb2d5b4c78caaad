import { and, desc, eq, sql } from 'drizzle-orm'
import type {
  BookPage,
  Chapter,
  LibraryItem,
  ReadingPosition,
  ReadingPositionInput,
} from '#common/schemas/books.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { bookPolicy } from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, type Page, toPage } from '#server/db/cursor.ts'
import { book, bookChapter, bookOwnership, profile, readingPosition, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import {
  authorColumns,
  type BookRow,
  bookNotFound,
  type ChapterRow,
  chapterNotFound,
  tableOfContents,
  toBookCard,
  toChapter,
} from './book-rows.ts'

// The book page and the reader. A chapter past the preview is sent only to its owners, its author
// and admins (decision 020): `readChapter` is the one route that returns a body, and it decides
// before reading the body.

type PositionRow = typeof readingPosition.$inferSelect

const toPosition = (p: PositionRow): ReadingPosition => ({
  chapterId: p.chapterId,
  progress: p.progress,
  updatedAt: p.updatedAt.toISOString(),
})

export async function ownsBook(db: Db | Tx, userId: string, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ bookId: bookOwnership.bookId })
    .from(bookOwnership)
    .where(and(eq(bookOwnership.bookId, bookId), eq(bookOwnership.userId, userId)))
  return !!row
}

interface Visible {
  row: BookRow
  owned: boolean
  /** Owner, author or admin: every chapter. */
  readsAll: boolean
}

/**
 * The book as `viewer` may see it: published, or (unpublished) only to its author, admins and its
 * owners (owners keep what they bought). Anyone else gets the 404 of a book that does not exist.
 */
export async function findVisibleBook(
  ctx: AppContext,
  viewer: SessionUser | null,
  id: string,
): Promise<Visible> {
  const [row] = await ctx.db.select().from(book).where(eq(book.id, id))
  if (!row) throw bookNotFound()
  const owned = !!viewer && (await ownsBook(ctx.db, viewer.id, id))
  const managed = bookPolicy.manage(viewer, row)
  if (row.status !== 'published' && !managed && !owned) throw bookNotFound()
  return { row, owned, readsAll: owned || managed }
}

async function positionOf(ctx: AppContext, viewer: SessionUser | null, bookId: string) {
  if (!viewer) return null
  const [row] = await ctx.db
    .select()
    .from(readingPosition)
    .where(and(eq(readingPosition.userId, viewer.id), eq(readingPosition.bookId, bookId)))
  return row ? toPosition(row) : null
}

export async function getBookPage(
  ctx: AppContext,
  viewer: SessionUser | null,
  id: string,
): Promise<BookPage> {
  const { row, owned, readsAll } = await findVisibleBook(ctx, viewer, id)
  const [author] = await ctx.db
    .select({ ...authorColumns, bio: sql<string>`coalesce(${profile.bio}, '')` })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, row.authorId))
  const card = toBookCard(row, { id: author.id, name: author.name, image: author.image })
  return {
    ...card,
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    author,
    chapters: await tableOfContents(ctx.db, row),
    owned,
    readsAll,
    position: await positionOf(ctx, viewer, id),
  }
}

async function findChapter(ctx: AppContext, bookId: string, chapterId: string): Promise<ChapterRow> {
  const [row] = await ctx.db
    .select()
    .from(bookChapter)
    .where(and(eq(bookChapter.id, chapterId), eq(bookChapter.bookId, bookId)))
  if (!row) throw chapterNotFound()
  return row
}

const lockedChapter = (visible: Visible) =>
  new AppError(
    'forbidden',
    visible.row.price === 0
      ? 'This chapter is not in the free preview: add the book to your library to read on'
      : 'This chapter is not in the free preview: buy the book to read on',
  )

/** Which chapters `viewer` may read: the preview for anyone who sees the book, all for owner, author, admin. */
const mayRead = (visible: Visible, position: number) =>
  visible.readsAll || position <= visible.row.previewChapters

/** One chapter with its body, or a 403 without it. */
export async function readChapter(
  ctx: AppContext,
  viewer: SessionUser | null,
  bookId: string,
  chapterId: string,
): Promise<Chapter> {
  const visible = await findVisibleBook(ctx, viewer, bookId)
  const [place] = await ctx.db
    .select({ position: bookChapter.position })
    .from(bookChapter)
    .where(and(eq(bookChapter.id, chapterId), eq(bookChapter.bookId, bookId)))
  if (!place) throw chapterNotFound()
  // Decided before the body is even read.
  if (!mayRead(visible, place.position)) throw lockedChapter(visible)
  return toChapter(ctx.db, visible.row, await findChapter(ctx, bookId, chapterId))
}

/** A device's clock may run this far ahead of the server's; further, the time is refused. */
const POSITION_AT_AHEAD_MS = 5 * 60_000
/** A place kept offline this long is not worth sending: older ones are refused. */
const POSITION_AT_MAX_AGE_MS = 30 * 24 * 3600_000

/** When the reader was at `at` (the server's now without it, never later than now), or a 400. */
function positionTime(now: Date, at: string | undefined): Date {
  if (at === undefined) return now
  const when = new Date(at)
  if (when.getTime() > now.getTime() + POSITION_AT_AHEAD_MS) {
    const message = 'This time is in the future: check the device’s clock'
    throw new AppError('bad_request', message, { at: message })
  }
  if (when.getTime() < now.getTime() - POSITION_AT_MAX_AGE_MS) {
    const message = 'This place is more than 30 days old'
    throw new AppError('bad_request', message, { at: message })
  }
  return when < now ? when : now
}

/**
 * Saves where the reader stopped: in a chapter they may read. The latest place wins (decision
 * 056): a place read offline and sent later does not replace a newer one from another device; the
 * answer is the place kept.
 */
export async function savePosition(
  ctx: AppContext,
  viewer: SessionUser,
  bookId: string,
  input: ReadingPositionInput,
): Promise<ReadingPosition> {
  const visible = await findVisibleBook(ctx, viewer, bookId)
  const chapter = await findChapter(ctx, bookId, input.chapterId)
  if (!mayRead(visible, chapter.position)) throw lockedChapter(visible)
  const updatedAt = positionTime(ctx.clock.now(), input.at)
  const [row] = await ctx.db
    .insert(readingPosition)
    .values({ userId: viewer.id, bookId, chapterId: chapter.id, progress: input.progress, updatedAt })
    .onConflictDoUpdate({
      target: [readingPosition.userId, readingPosition.bookId],
      set: { chapterId: chapter.id, progress: input.progress, updatedAt },
      setWhere: sql`excluded.updated_at >= ${readingPosition.updatedAt}`,
    })
    .returning()
  if (row) return toPosition(row)
  const kept = await positionOf(ctx, viewer, bookId)
  if (!kept) throw bookNotFound()
  return kept
}

/** "Add to library" for a free book: at once, and again is the same. */
export async function addToLibrary(
  ctx: AppContext,
  viewer: SessionUser,
  bookId: string,
): Promise<{ owned: true; acquiredAt: string }> {
  const { row } = await findVisibleBook(ctx, viewer, bookId)
  if (row.status !== 'published') throw new AppError('conflict', 'This book is not in the store yet')
  if (row.authorId === viewer.id)
    throw new AppError('conflict', 'You wrote this book: you can always read it')
  if (row.price > 0)
    throw new AppError('payment_required', 'This book is not free: buy it to add it to your library')
  await ctx.db
    .insert(bookOwnership)
    .values({ bookId, userId: viewer.id, acquiredAt: ctx.clock.now() })
    .onConflictDoNothing()
  const [owned] = await ctx.db
    .select({ acquiredAt: bookOwnership.acquiredAt })
    .from(bookOwnership)
    .where(and(eq(bookOwnership.bookId, bookId), eq(bookOwnership.userId, viewer.id)))
  return { owned: true, acquiredAt: owned.acquiredAt.toISOString() }
}

/** My library: the books I own, the latest acquired first, each with where I stopped. */
export async function listLibrary(
  ctx: AppContext,
  viewer: SessionUser,
  query: { cursor?: string; limit: number },
): Promise<Page<LibraryItem>> {
  const rows = await ctx.db
    .select({
      book,
      author: authorColumns,
      acquiredAt: bookOwnership.acquiredAt,
      position: readingPosition,
      chapter: { position: bookChapter.position, title: bookChapter.title },
    })
    .from(bookOwnership)
    .innerJoin(book, eq(book.id, bookOwnership.bookId))
    .innerJoin(user, eq(user.id, book.authorId))
    .leftJoin(
      readingPosition,
      and(eq(readingPosition.bookId, bookOwnership.bookId), eq(readingPosition.userId, bookOwnership.userId)),
    )
    .leftJoin(bookChapter, eq(bookChapter.id, readingPosition.chapterId))
    .where(
      and(
        eq(bookOwnership.userId, viewer.id),
        afterCursor(query.cursor, bookOwnership.acquiredAt, bookOwnership.bookId),
      ),
    )
    .orderBy(desc(bookOwnership.acquiredAt), desc(bookOwnership.bookId))
    .limit(query.limit + 1)
  return toPage(
    rows.map((r) => ({ ...r, id: r.book.id })),
    query.limit,
    (r) => ({
      book: toBookCard(r.book, r.author),
      acquiredAt: r.acquiredAt.toISOString(),
      position: r.position ? toPosition(r.position) : null,
      chapter: r.chapter,
      // Chapters before the saved one, and how far into it, over all of them.
      through:
        r.chapter && r.position && r.book.chapterCount > 0
          ? Math.min(1, (r.chapter.position - 1 + r.position.progress) / r.book.chapterCount)
          : null,
    }),
    (r) => r.acquiredAt,
  )
}
