import { z } from 'zod'
import {
  BOOK_CHAPTER_MAX_LENGTH,
  BOOK_CHAPTERS_MAX,
  BOOK_DESCRIPTION_MAX_LENGTH,
  BOOK_PRICE_MAX,
  BOOK_PRICE_MIN,
  BOOK_SORTS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  RICH_TEXT_RAW_FACTOR,
  TITLE_MAX_LENGTH,
} from '../constants.ts'
import { pageOf, text, Uuid, wholeNumber } from './fields.ts'
import {
  IN_APP_FILE_URL,
  PostAuthor,
  PostCategory,
  PostStatus,
  REJECTION_REASON_MAX_LENGTH,
} from './posts.ts'

// Books Store (decision 020): the author's book and chapters, the catalogue, the book
// page and the reader. A chapter's body travels only in `Chapter`, which the server sends only to
// those who may read it (a preview chapter, or the owner, the author and admins).

export const BookStatus = PostStatus
export type BookStatus = z.infer<typeof BookStatus>
export const BookCategory = PostCategory
export type BookCategory = z.infer<typeof BookCategory>

const formatPrice = (cents: number) => (cents / 100).toFixed(2)

/** Minor units: 0 (free) or BOOK_PRICE_MIN–BOOK_PRICE_MAX. */
export const BookPrice = wholeNumber('Enter a price', 'Enter the price in cents').refine(
  (v) => v === 0 || (v >= BOOK_PRICE_MIN && v <= BOOK_PRICE_MAX),
  `Make it free (0) or between ${formatPrice(BOOK_PRICE_MIN)} and ${formatPrice(BOOK_PRICE_MAX)}`,
)

/** A language tag such as "en", "fr" or "pt-BR". */
export const BookLanguage = z
  .string('Choose a language')
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Choose a language')

export const SaveBookInput = z
  .object({
    title: text('Add a title').max(TITLE_MAX_LENGTH, `Keep the title under ${TITLE_MAX_LENGTH} characters`),
    subtitle: text()
      .max(TITLE_MAX_LENGTH, `Keep the subtitle under ${TITLE_MAX_LENGTH} characters`)
      .default(''),
    description: text()
      .max(
        BOOK_DESCRIPTION_MAX_LENGTH,
        `Keep the description under ${BOOK_DESCRIPTION_MAX_LENGTH} characters`,
      )
      .default(''),
    coverImage: z
      .string()
      .regex(IN_APP_FILE_URL, 'Upload the cover image to Inkwell first')
      .nullish()
      .transform((v) => v ?? null),
    category: BookCategory,
    subjectSlug: z.string().trim().max(64, 'Choose a subject from the list').nullish(),
    language: BookLanguage.default('en'),
    price: BookPrice.default(0),
    previewChapters: wholeNumber('Enter how many chapters are free', 'Enter a whole number of chapters')
      .min(0, 'Enter 0 or more chapters')
      .max(BOOK_CHAPTERS_MAX, `A book has at most ${BOOK_CHAPTERS_MAX} chapters`)
      .default(1),
  })
  .refine((v) => v.category !== 'academic' || !!v.subjectSlug, {
    path: ['subjectSlug'],
    message: 'Choose a subject for an academic book',
    when: (payload) => (payload.value as { category?: unknown })?.category === 'academic',
  })
export type SaveBookInput = z.infer<typeof SaveBookInput>

const ChapterTitle = text('Add a chapter title').max(
  TITLE_MAX_LENGTH,
  `Keep the chapter title under ${TITLE_MAX_LENGTH} characters`,
)
// The limit that counts applies to the body as stored (sanitized, on the server).
const ChapterBody = z
  .string()
  .max(
    BOOK_CHAPTER_MAX_LENGTH * RICH_TEXT_RAW_FACTOR,
    `Keep the chapter under ${BOOK_CHAPTER_MAX_LENGTH.toLocaleString('en')} characters`,
  )

export const AddChapterInput = z.object({ title: ChapterTitle, bodyHtml: ChapterBody.default('') })
export type AddChapterInput = z.infer<typeof AddChapterInput>

/** Rename, edit the body, or both (autosave sends both). */
export const UpdateChapterInput = z
  .object({ title: ChapterTitle.optional(), bodyHtml: ChapterBody.optional() })
  .refine((v) => v.title !== undefined || v.bodyHtml !== undefined, {
    path: ['title'],
    message: 'Send a title or a body to change',
  })
export type UpdateChapterInput = z.infer<typeof UpdateChapterInput>

/** The book's chapters in their new order: every chapter id of the book, once each. */
export const ReorderChaptersInput = z.object({
  chapterIds: z
    .array(Uuid('Unknown chapter'), 'List the chapters in their new order')
    .min(1, 'List the chapters in their new order')
    .max(BOOK_CHAPTERS_MAX, `A book has at most ${BOOK_CHAPTERS_MAX} chapters`)
    .refine((ids) => new Set(ids).size === ids.length, 'List each chapter once'),
})
export type ReorderChaptersInput = z.infer<typeof ReorderChaptersInput>

export const BookRejectInput = z.object({
  reason: text('Tell the author why').max(
    REJECTION_REASON_MAX_LENGTH,
    `Keep the reason under ${REJECTION_REASON_MAX_LENGTH} characters`,
  ),
})

export const ReadingPositionInput = z.object({
  chapterId: Uuid('Unknown chapter'),
  /** How far into the chapter, from 0 (its start) to 1 (its end). */
  progress: z
    .number('Send how far into the chapter, from 0 to 1')
    .min(0, 'Send how far into the chapter, from 0 to 1')
    .max(1, 'Send how far into the chapter, from 0 to 1'),
  /**
   * When the reader was there, by their device's clock (a place kept offline is sent later). The
   * latest across devices wins (decision 056); without it, the server's now.
   */
  at: z.iso
    .datetime({ offset: true, error: 'Send when the reader was there, as an ISO date and time' })
    .optional(),
})
export type ReadingPositionInput = z.infer<typeof ReadingPositionInput>

export const BookIdParams = z.object({ id: Uuid('Unknown book') })
export const ChapterParams = z.object({ id: Uuid('Unknown book'), chapterId: Uuid('Unknown chapter') })

// Outputs.

/** A chapter in a table of contents: never its body. */
export const ChapterSummary = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  wordCount: z.number().int(),
  /** Within the free preview: anyone who can see the book may read it. */
  preview: z.boolean(),
})
export type ChapterSummary = z.infer<typeof ChapterSummary>

const ChapterLink = z.object({ id: z.string(), title: z.string() }).nullable()

/** One chapter with its body: sent only to a reader who may read it. */
export const Chapter = ChapterSummary.extend({
  bookId: z.string(),
  bodyHtml: z.string(),
  updatedAt: z.string(),
  previous: ChapterLink,
  next: ChapterLink,
})
export type Chapter = z.infer<typeof Chapter>

/** Stars from owners: the average (to two decimals, 0 while unrated) and how many rated it. */
export const BookRating = z.object({ average: z.number(), count: z.number().int() })
export type BookRating = z.infer<typeof BookRating>

const BookFields = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  coverImage: z.string().nullable(),
  category: BookCategory,
  subjectSlug: z.string().nullable(),
  language: z.string(),
  price: z.number().int(),
  currency: z.string(),
  previewChapters: z.number().int(),
  chapterCount: z.number().int(),
  wordCount: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
})

/** The author's (and admins') view, as the editor loads it: settings, status and the contents. */
export const AuthorBook = BookFields.extend({
  authorId: z.string(),
  status: BookStatus,
  rejectionReason: z.string().nullable(),
  salesCount: z.number().int(),
  createdAt: z.string(),
  chapters: z.array(ChapterSummary),
})
export type AuthorBook = z.infer<typeof AuthorBook>

/** My books, and the admins' review queue (with who wrote it). */
export const AuthorBookSummary = AuthorBook.omit({ chapters: true })
export type AuthorBookSummary = z.infer<typeof AuthorBookSummary>
export const BookReviewItem = AuthorBookSummary.extend({ author: PostAuthor })
export type BookReviewItem = z.infer<typeof BookReviewItem>

/** A published book in the catalogue. */
export const BookCard = BookFields.omit({ description: true, updatedAt: true }).extend({
  author: PostAuthor,
  rating: BookRating,
})
export type BookCard = z.infer<typeof BookCard>

export const ReadingPosition = z.object({
  chapterId: z.string().nullable(),
  progress: z.number(),
  updatedAt: z.string(),
})
export type ReadingPosition = z.infer<typeof ReadingPosition>

/** The book page at /read/:bookId. */
export const BookPage = BookFields.extend({
  status: BookStatus,
  rating: BookRating,
  author: PostAuthor.extend({ bio: z.string() }),
  chapters: z.array(ChapterSummary),
  /** The viewer owns it (bought, or added when free). */
  owned: z.boolean(),
  /** The viewer may read every chapter: owner, author or admin. */
  readsAll: z.boolean(),
  /** Where the viewer stopped (null when signed out or never opened). */
  position: ReadingPosition.nullable(),
})
export type BookPage = z.infer<typeof BookPage>

/** A book in my library, with where I stopped. */
export const LibraryItem = z.object({
  book: BookCard,
  acquiredAt: z.string(),
  position: ReadingPosition.nullable(),
  /** The chapter the position is in (null: not started, or that chapter was deleted). */
  chapter: z.object({ position: z.number().int(), title: z.string() }).nullable(),
  /** How far through the whole book the position is, 0–1 (null: not started). */
  through: z.number().nullable(),
})
export type LibraryItem = z.infer<typeof LibraryItem>

export const LibraryState = z.object({ owned: z.literal(true), acquiredAt: z.string() })

export const BookSort = z.enum(BOOK_SORTS, { error: 'Choose newest, bestselling, price_asc or price_desc' })
export type BookSort = z.infer<typeof BookSort>

/** `GET /api/books`: the published catalogue, filtered and sorted, one keyset page at a time. */
export const BooksQuery = z.object({
  q: text().max(200, 'Keep the search under 200 characters').optional(),
  category: BookCategory.optional(),
  subject: z.string().trim().min(1).max(64).optional(),
  price: z.enum(['free', 'paid'], { error: 'Choose free or paid' }).optional(),
  writer: Uuid('Unknown writer').optional(),
  sort: BookSort.default('newest'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})
export type BooksQuery = z.infer<typeof BooksQuery>

export const MyBooksQuery = z.object({
  status: BookStatus.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})
export type MyBooksQuery = z.infer<typeof MyBooksQuery>

export const BookCardPage = pageOf(BookCard)
export const AuthorBookPage = pageOf(AuthorBookSummary)
export const BookReviewPage = pageOf(BookReviewItem)
export const LibraryPage = pageOf(LibraryItem)
