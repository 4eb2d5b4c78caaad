import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { hasContent } from '#common/rich-text.ts'
import type { AuthorBook, AuthorBookSummary, MyBooksQuery, SaveBookInput } from '#common/schemas/books.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { authorize, bookPolicy } from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, type Page, toPage } from '#server/db/cursor.ts'
import { book, bookChapter, bookOwnership } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { subjectExists } from '#server/modules/subjects/index.ts'
import { findManageableBook, toAuthorBook, toAuthorBookSummary } from './book-rows.ts'

// Writing a book: its settings, its life from draft to published, and the author's list. Chapters
// are chapters.service.ts. What an edit to a published book does: decision 020 (live at once).

/** Fields as stored: the subject only on academic books (and known). */
async function storedFields(ctx: AppContext, input: SaveBookInput) {
  const subjectSlug = input.category === 'academic' ? (input.subjectSlug ?? null) : null
  if (subjectSlug && !(await subjectExists(ctx, subjectSlug))) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      subjectSlug: 'Choose a subject from the list',
    })
  }
  return {
    title: input.title,
    subtitle: input.subtitle,
    description: input.description,
    coverImage: input.coverImage,
    category: input.category,
    subjectSlug,
    language: input.language,
    price: input.price,
    previewChapters: input.previewChapters,
  }
}

export async function createBook(
  ctx: AppContext,
  actor: SessionUser,
  input: SaveBookInput,
): Promise<AuthorBook> {
  const fields = await storedFields(ctx, input)
  const now = ctx.clock.now()
  const [row] = await ctx.db
    .insert(book)
    .values({ ...fields, authorId: actor.id, status: 'draft', createdAt: now, updatedAt: now })
    .returning()
  return toAuthorBook(ctx.db, row)
}

export async function getBookForEditing(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<AuthorBook> {
  return toAuthorBook(ctx.db, await findManageableBook(ctx.db, actor, id))
}

/**
 * Saves the settings. A published book stays published: its changes (price and preview included)
 * are live at once, like a new version on Leanpub (decision 020).
 */
export async function updateBook(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: SaveBookInput,
): Promise<AuthorBook> {
  const before = await findManageableBook(ctx.db, actor, id)
  const fields = await storedFields(ctx, input)
  // Once in review or in the store, a paid book keeps a chapter past its preview.
  if (before.status !== 'draft' && before.status !== 'rejected') {
    assertSomethingToBuy(fields.price, fields.previewChapters, before.chapterCount)
  }
  const [row] = await ctx.db
    .update(book)
    .set({ ...fields, updatedAt: ctx.clock.now() })
    .where(eq(book.id, id))
    .returning()
  if (!row) throw new AppError('not_found', 'That book does not exist')
  return toAuthorBook(ctx.db, row)
}

const NOT_WRITTEN = {
  submit: {
    none: 'Write at least one chapter before submitting',
    fix: 'write it or delete it before submitting',
  },
  approve: {
    none: 'This book has no chapters to publish',
    fix: 'it cannot be published until its writer writes it',
  },
}

/**
 * The book has chapters, and each says something (text or an image: `<p></p>` and white space are
 * empty); only chapters without a word are read in full. Checked when the author submits, and again
 * when an admin approves (chapters may change while the book waits). Answers the chapter count.
 */
export async function assertChaptersWritten(db: Db | Tx, id: string, step: keyof typeof NOT_WRITTEN) {
  const chapters = await db
    .select({
      position: bookChapter.position,
      wordless: sql<string | null>`case when ${bookChapter.wordCount} = 0 then ${bookChapter.bodyHtml} end`,
    })
    .from(bookChapter)
    .where(eq(bookChapter.bookId, id))
  if (chapters.length === 0) throw new AppError('conflict', NOT_WRITTEN[step].none)
  const empty = chapters.filter((c) => c.wordless !== null && !hasContent(c.wordless)).map((c) => c.position)
  if (empty.length > 0) {
    throw new AppError(
      'conflict',
      `Chapter ${empty.sort((a, b) => a - b).join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty: ${NOT_WRITTEN[step].fix}`,
    )
  }
  return chapters.length
}

/** What a book needs before anyone reviews it. */
async function assertReadyForReview(ctx: AppContext, id: string, price: number, previewChapters: number) {
  assertSomethingToBuy(price, previewChapters, await assertChaptersWritten(ctx.db, id, 'submit'))
}

function assertSomethingToBuy(price: number, previewChapters: number, chapterCount: number) {
  if (price > 0 && previewChapters >= chapterCount) {
    throw new AppError(
      'conflict',
      'The preview covers every chapter: keep at least one chapter for buyers, or make the book free',
    )
  }
}

/** Draft or rejected → pending; an admin's own book is published at once. */
export async function submitBook(ctx: AppContext, actor: SessionUser, id: string): Promise<AuthorBook> {
  const before = await findManageableBook(ctx.db, actor, id)
  authorize(bookPolicy.submit, actor, before, 'Only the author can submit this book')
  if (before.status !== 'draft' && before.status !== 'rejected') {
    throw new AppError('conflict', 'Only a draft or a rejected book can be submitted')
  }
  await assertReadyForReview(ctx, id, before.price, before.previewChapters)
  const now = ctx.clock.now()
  const publish = bookPolicy.publish(actor)
  const [row] = await ctx.db
    .update(book)
    .set({
      status: publish ? 'published' : 'pending',
      rejectionReason: null,
      publishedAt: publish ? (before.publishedAt ?? now) : before.publishedAt,
      updatedAt: now,
    })
    // The status in the condition: two submits at once cannot both pass.
    .where(and(eq(book.id, id), inArray(book.status, ['draft', 'rejected'])))
    .returning()
  if (!row) throw new AppError('conflict', 'Only a draft or a rejected book can be submitted')
  return toAuthorBook(ctx.db, row)
}

/** Only a draft or a rejected book that nobody owns: owners keep what they bought (decision 020). */
export async function deleteBook(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findManageableBook(tx, actor, id, true)
    if (row.status !== 'draft' && row.status !== 'rejected') {
      throw new AppError('conflict', 'Only a draft or a rejected book can be deleted')
    }
    const [owned] = await tx
      .select({ n: sql<number>`1` })
      .from(bookOwnership)
      .where(eq(bookOwnership.bookId, id))
      .limit(1)
    if (owned) throw new AppError('conflict', 'People own this book, so it stays in their libraries')
    await tx.delete(book).where(eq(book.id, id))
  })
}

/** My books, most recently changed first. */
export async function listMyBooks(
  ctx: AppContext,
  actor: SessionUser,
  query: MyBooksQuery,
): Promise<Page<AuthorBookSummary>> {
  const rows = await ctx.db
    .select()
    .from(book)
    .where(
      and(
        eq(book.authorId, actor.id),
        query.status ? eq(book.status, query.status) : undefined,
        afterCursor(query.cursor, book.updatedAt, book.id),
      ),
    )
    .orderBy(desc(book.updatedAt), desc(book.id))
    .limit(query.limit + 1)
  return toPage(rows, query.limit, toAuthorBookSummary, (row) => row.updatedAt)
}
