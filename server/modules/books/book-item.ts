import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { notify } from '#server/core/notify.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { book, bookOwnership, order, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { ownsBook } from './reading.service.ts'

// A book as an order's item (payments/items.ts registers it as ITEM_KINDS.book; it is typed there
// against ItemKind, since importing items.ts here would make an import cycle). The order's item id
// is the book's id; its seller is fixed on the order when it is made (order.seller_id). Buying
// gives ownership once; a refund takes it back (decision 020).

type OrderRow = typeof order.$inferSelect

export const bookItem = {
  recurring: false,

  /** The book's price now, paid to its author; refuses what cannot be bought. */
  async quote(db: Db, buyerId: string, bookId: string) {
    const [found] = await db
      .select()
      .from(book)
      .where(and(eq(book.id, bookId), eq(book.status, 'published')))
    if (!found) throw new AppError('not_found', 'That book does not exist')
    if (found.authorId === buyerId)
      throw new AppError('conflict', 'You wrote this book: you can always read it')
    if (found.price === 0) throw new AppError('conflict', 'This book is free: add it to your library instead')
    if (await ownsBook(db, buyerId, bookId)) throw new AppError('conflict', 'You already own this book')
    return { amount: found.price, currency: found.currency, sellerId: found.authorId }
  },

  async describe(db: Db | Tx, bookIds: string[]) {
    if (bookIds.length === 0)
      return new Map<string, { title: string; seller: { id: string; name: string } }>()
    const rows = await db
      .select({ id: book.id, title: book.title, seller: { id: user.id, name: user.name } })
      .from(book)
      .innerJoin(user, eq(user.id, book.authorId))
      // Item ids are text: only uuids can be books (a uuid cast of anything else would fail).
      .where(
        inArray(
          book.id,
          bookIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
        ),
      )
    return new Map(rows.map((b) => [b.id, { title: b.title, seller: b.seller }]))
  },

  sellerOf(row: OrderRow): string {
    if (!row.sellerId) throw new Error(`book order ${row.id} has no seller`)
    return row.sellerId
  },

  /** The buyer owns the book already (bought through another order, or added while it was free). */
  held: (tx: Tx, paid: OrderRow) => ownsBook(tx, paid.buyerId, paid.itemId),

  /** Paid: the buyer owns the book (once), its sales count moves, the author and the buyer are told. */
  async grant(tx: Tx, paid: OrderRow, now: Date) {
    const granted = await tx
      .insert(bookOwnership)
      .values({ bookId: paid.itemId, userId: paid.buyerId, orderId: paid.id, acquiredAt: now })
      .onConflictDoNothing()
      .returning({ bookId: bookOwnership.bookId })
    const [sold] = granted.length
      ? await tx
          .update(book)
          .set({ salesCount: sql`${book.salesCount} + 1` })
          .where(eq(book.id, paid.itemId))
          .returning({ title: book.title, authorId: book.authorId })
      : await tx
          .select({ title: book.title, authorId: book.authorId })
          .from(book)
          .where(eq(book.id, paid.itemId))
    const [buyer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, paid.buyerId))
    const title = sold?.title ?? 'a book'
    if (sold) {
      await notify(
        tx,
        sold.authorId,
        'book_sold',
        `${buyer?.name ?? 'Someone'} bought your book “${title}”.`,
        '/earnings',
      )
    }
    // The buyer's success page watches the notification stream for this one.
    await notify(
      tx,
      paid.buyerId,
      'order_paid',
      `“${title}” is in your library.`,
      `/payment/success?order=${paid.id}`,
    )
  },

  /**
   * Refunded: the copy this order gave is taken back, unless another paid order of the same buyer
   * holds the book (two orders paid close together), which then stands for it.
   */
  async revoke(tx: Tx, refunded: OrderRow, _now: Date) {
    const [removed] = await tx.delete(bookOwnership).where(eq(bookOwnership.orderId, refunded.id)).returning()
    if (!removed) return
    const [other] = await tx
      .select({ id: order.id })
      .from(order)
      .where(
        and(
          eq(order.itemKind, 'book'),
          eq(order.itemId, refunded.itemId),
          eq(order.buyerId, refunded.buyerId),
          eq(order.status, 'paid'),
          ne(order.id, refunded.id),
        ),
      )
      .limit(1)
    if (other) {
      await tx.insert(bookOwnership).values({ ...removed, orderId: other.id })
      return
    }
    await tx
      .update(book)
      .set({ salesCount: sql`greatest(${book.salesCount} - 1, 0)` })
      .where(eq(book.id, refunded.itemId))
  },
}
