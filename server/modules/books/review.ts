import { bookEditorPath, bookPath } from '#common/paths.ts'
import type { AuthorBook, BookReviewItem } from '#common/schemas/books.ts'
import type { ModerationKind } from '#server/core/moderation/moderation.ts'
import { book } from '#server/db/schema/index.ts'
import { type BookRow, toAuthorBook, toAuthorBookSummary } from './book-rows.ts'
import { assertChaptersWritten } from './books.service.ts'

/** Books in the review workflow (server/core/moderation). */
export const bookReview: ModerationKind<BookRow, Record<never, never>, BookReviewItem, AuthorBook> = {
  noun: 'book',
  table: book,
  readerPath: (row) => bookPath(row.id),
  editorPath: (row) => bookEditorPath(row.id),
  publishedWhere: 'in the Books Store',
  queueColumns: () => ({}),
  toQueueItem: (row, author) => ({ ...toAuthorBookSummary(row), author }),
  // Its chapters may have been emptied or deleted since it was submitted; every chapter write
  // locks the book row, as the decision does, so they stay as read here until it is made.
  assertPublishable: (tx, row) => assertChaptersWritten(tx, row.id, 'approve'),
  toResult: toAuthorBook,
}
