import { wordCountOf } from '#common/rich-text.ts'
import { BUYER_ACCOUNT, FEES_ACCOUNT, feeOf, writerPendingAccount } from '#server/core/ledger/ledger.ts'
import { sanitizePostHtml } from '#server/core/rich-text/sanitize.ts'
import type { Tx } from '#server/db/client.ts'
import {
  book,
  bookChapter,
  bookOwnership,
  bookReview,
  ledgerEntry,
  ledgerTransfer,
  order,
  readingPosition,
} from '#server/db/schema/index.ts'
import { DEMO_BOOKS, type DemoBook } from './book-texts.ts'
import type { DemoKey } from './types.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

type BookKey = DemoBook['key']

/**
 * Who owns what, since how many days, and where they stopped (chapter number, how far into it).
 * Grace and Tomás own nothing: the journeys sign in as them and expect their library empty.
 * Hannah bought no book of Grace's: the admin's refund journey searches her orders and expects no
 * row naming Grace.
 */
const OWNERS: Array<{
  reader: DemoKey
  book: BookKey
  daysAgo: number
  position?: { chapter: number; progress: number; hoursAgo: number }
}> = [
  { reader: 'mei', book: 'mechanics', daysAgo: 20, position: { chapter: 4, progress: 0.3, hoursAgo: 30 } },
  { reader: 'priya', book: 'mechanics', daysAgo: 13, position: { chapter: 2, progress: 0.2, hoursAgo: 50 } },
  { reader: 'hannah', book: 'salt-road', daysAgo: 11, position: { chapter: 2, progress: 0.4, hoursAgo: 2 } },
  { reader: 'hannah', book: 'cell', daysAgo: 7, position: { chapter: 1, progress: 0.75, hoursAgo: 40 } },
  { reader: 'hannah', book: 'recursion', daysAgo: 6, position: { chapter: 2, progress: 0.5, hoursAgo: 110 } },
  { reader: 'mei', book: 'recursion', daysAgo: 4 },
]

/** Owners' ratings and reviews (the book's rating follows by the database's trigger). */
const REVIEWS: Array<{ reader: DemoKey; book: BookKey; stars: number; text: string; daysAgo: number }> = [
  {
    reader: 'mei',
    book: 'mechanics',
    stars: 5,
    text: 'The chapter on forces finally made free-body diagrams click for me. Clear, patient and never condescending.',
    daysAgo: 12,
  },
  {
    reader: 'priya',
    book: 'mechanics',
    stars: 4,
    text: 'Good worked examples. I would have liked a few more exercises at the end of each chapter.',
    daysAgo: 5,
  },
  {
    reader: 'hannah',
    book: 'salt-road',
    stars: 5,
    text: 'I read the second chapter twice. The caravan scenes are wonderful.',
    daysAgo: 3,
  },
  { reader: 'hannah', book: 'recursion', stars: 4, text: '', daysAgo: 2 },
  {
    reader: 'mei',
    book: 'recursion',
    stars: 5,
    text: 'The best explanation of the call stack I have read, and free.',
    daysAgo: 1,
  },
]

/**
 * The demo's books, published with their chapters, and their readers: a paid copy is what the
 * book's fulfilment would have left (a paid sandbox order with its seller, the sale in the ledger,
 * the copy and the sales count), a free one an "Add to library". No notifications and no mail.
 * Returns each book's id by key.
 */
export async function seedBooks(
  tx: Tx,
  ids: Record<DemoKey, string>,
  now: number,
  feePercent: number,
): Promise<Record<BookKey, string>> {
  const bookIds = {} as Record<BookKey, string>
  const chapterIds = {} as Record<BookKey, string[]>
  for (const demo of DEMO_BOOKS) {
    const publishedAt = new Date(now - demo.daysAgo * DAY)
    const chapters = demo.chapters.map((c) => {
      const bodyHtml = sanitizePostHtml(c.body.trim())
      return { title: c.title, bodyHtml, wordCount: wordCountOf(bodyHtml) }
    })
    const sales = OWNERS.filter((o) => o.book === demo.key && demo.price > 0).length
    const [row] = await tx
      .insert(book)
      .values({
        authorId: ids[demo.author],
        title: demo.title,
        subtitle: demo.subtitle,
        description: demo.description,
        category: demo.category,
        subjectSlug: demo.subject ?? null,
        price: demo.price,
        previewChapters: demo.previewChapters,
        status: 'published',
        chapterCount: chapters.length,
        wordCount: chapters.reduce((sum, c) => sum + c.wordCount, 0),
        salesCount: sales,
        createdAt: new Date(publishedAt.getTime() - 5 * DAY),
        updatedAt: publishedAt,
        publishedAt,
      })
      .returning({ id: book.id })
    bookIds[demo.key] = row.id
    const inserted = await tx
      .insert(bookChapter)
      .values(
        chapters.map((c, i) => ({
          bookId: row.id,
          position: i + 1,
          ...c,
          createdAt: new Date(publishedAt.getTime() - (5 - i) * HOUR),
          updatedAt: new Date(publishedAt.getTime() - (5 - i) * HOUR),
        })),
      )
      .returning({ id: bookChapter.id, position: bookChapter.position })
    chapterIds[demo.key] = inserted.sort((a, b) => a.position - b.position).map((c) => c.id)
  }

  for (const owner of OWNERS) {
    const demo = DEMO_BOOKS.find((b) => b.key === owner.book)!
    const acquiredAt = new Date(now - owner.daysAgo * DAY)
    const bookId = bookIds[owner.book]
    let orderId: string | null = null
    if (demo.price > 0) {
      const [paid] = await tx
        .insert(order)
        .values({
          buyerId: ids[owner.reader],
          itemKind: 'book',
          itemId: bookId,
          sellerId: ids[demo.author],
          amount: demo.price,
          status: 'paid',
          provider: 'sandbox',
          providerPaymentRef: `demo-book-${owner.reader}-${owner.book}`,
          createdAt: acquiredAt,
          updatedAt: acquiredAt,
        })
        .returning()
      // The sale transfer fulfilment writes (writeSale's rows: the gross from the buyer, the fee,
      // the author's net into pending), dated when it was bought as fulfilment would have dated it:
      // the earnings history shows it on its day, and its net is released once the refund window
      // has passed. The ledger refuses updates, so it is written dated rather than moved after.
      const fee = feeOf(demo.price, feePercent)
      const [sale] = await tx
        .insert(ledgerTransfer)
        .values({
          kind: 'sale',
          provider: 'sandbox',
          paymentRef: paid.providerPaymentRef ?? '',
          orderId: paid.id,
          createdAt: acquiredAt,
        })
        .returning({ id: ledgerTransfer.id })
      await tx.insert(ledgerEntry).values(
        [
          { account: BUYER_ACCOUNT, amount: -demo.price },
          { account: FEES_ACCOUNT, amount: fee },
          { account: writerPendingAccount(ids[demo.author]), amount: demo.price - fee },
        ]
          .filter((e) => e.amount !== 0)
          .map((e) => ({ ...e, transferId: sale.id, currency: paid.currency, createdAt: acquiredAt })),
      )
      orderId = paid.id
    }
    await tx.insert(bookOwnership).values({ bookId, userId: ids[owner.reader], orderId, acquiredAt })
    if (owner.position) {
      await tx.insert(readingPosition).values({
        userId: ids[owner.reader],
        bookId,
        chapterId: chapterIds[owner.book][owner.position.chapter - 1],
        progress: owner.position.progress,
        updatedAt: new Date(now - owner.position.hoursAgo * HOUR),
      })
    }
  }
  for (const review of REVIEWS) {
    const at = new Date(now - review.daysAgo * DAY)
    await tx.insert(bookReview).values({
      bookId: bookIds[review.book],
      reviewerId: ids[review.reader],
      stars: review.stars,
      text: review.text,
      createdAt: at,
      updatedAt: at,
    })
  }
  return bookIds
}
