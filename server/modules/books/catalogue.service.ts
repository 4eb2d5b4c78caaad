import { and, asc, type Column, desc, eq, gt, sql } from 'drizzle-orm'
import type { BookCard, BookSort, BooksQuery } from '#common/schemas/books.ts'
import type { AppContext } from '#server/context.ts'
import { activeAuthor } from '#server/db/active-author.ts'
import { afterCursor, type CursorKey, type Page, toPage } from '#server/db/cursor.ts'
import { book, user } from '#server/db/schema/index.ts'
import { searchableQuery } from '#server/modules/search/index.ts'
import { authorColumns, type BookRow, toBookCard } from './book-rows.ts'

// The Books Store's catalogue: published books, filtered, in one of four orders, one keyset page
// at a time on the order's own index ((status, published_at | sales_count | price, id)).

interface Order {
  key: Column
  direction: 'asc' | 'desc'
  keyOf: (row: BookRow) => CursorKey
}

const ORDERS: Record<BookSort, Order> = {
  newest: { key: book.publishedAt, direction: 'desc', keyOf: (b) => b.publishedAt ?? new Date(0) },
  // Sales move between pages; a book can then show twice or be passed once, as in any live chart.
  bestselling: { key: book.salesCount, direction: 'desc', keyOf: (b) => b.salesCount },
  price_asc: { key: book.price, direction: 'asc', keyOf: (b) => b.price },
  price_desc: { key: book.price, direction: 'desc', keyOf: (b) => b.price },
}

export async function listBooks(ctx: AppContext, query: BooksQuery): Promise<Page<BookCard>> {
  const tsquery = query.q ? await searchableQuery(ctx, query.q) : undefined
  if (tsquery === null) return { items: [], nextCursor: null }
  const order = ORDERS[query.sort]
  const by = order.direction === 'asc' ? asc : desc
  const rows = await ctx.db
    .select({ book, author: authorColumns })
    .from(book)
    .innerJoin(user, activeAuthor(book.authorId))
    .where(
      and(
        eq(book.status, 'published'),
        tsquery ? sql`${book.searchVector} @@ ${tsquery}` : undefined,
        query.category ? eq(book.category, query.category) : undefined,
        query.subject ? eq(book.subjectSlug, query.subject) : undefined,
        query.price === 'free' ? eq(book.price, 0) : query.price === 'paid' ? gt(book.price, 0) : undefined,
        query.writer ? eq(book.authorId, query.writer) : undefined,
        afterCursor(query.cursor, order.key, book.id, order.direction),
      ),
    )
    .orderBy(by(order.key), by(book.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((r) => ({ ...r, id: r.book.id })),
    query.limit,
    (r) => toBookCard(r.book, r.author),
    (r) => order.keyOf(r.book),
  )
}
