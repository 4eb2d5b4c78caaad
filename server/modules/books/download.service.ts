import { asc, eq } from 'drizzle-orm'
import type { AppContext, SessionUser } from '#server/context.ts'
import { bookChapter, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { buildEpub } from './epub.ts'
import { findVisibleBook } from './reading.service.ts'

// Downloads are for those who may read every chapter: owners, the author and admins (decision 020).

export interface Download {
  filename: string
  contentType: string
  body: Buffer
}

/** A file name from the title: letters, digits and dashes, never empty. */
const fileNameOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 80) || 'book'

export async function downloadEpub(ctx: AppContext, viewer: SessionUser, bookId: string): Promise<Download> {
  const { row, readsAll } = await findVisibleBook(ctx, viewer, bookId)
  if (!readsAll) {
    throw new AppError(
      'forbidden',
      row.price === 0
        ? 'Downloads are for readers who have the book: add it to your library first'
        : 'Downloads are for owners: buy the book first',
    )
  }
  const chapters = await ctx.db
    .select()
    .from(bookChapter)
    .where(eq(bookChapter.bookId, bookId))
    .orderBy(asc(bookChapter.position))
  const [author] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, row.authorId))
  const body = await buildEpub(
    ctx,
    { book: row, authorName: author?.name ?? 'Inkwell writer', chapters },
    row.updatedAt,
  )
  return { filename: `${fileNameOf(row.title)}.epub`, contentType: 'application/epub+zip', body }
}
