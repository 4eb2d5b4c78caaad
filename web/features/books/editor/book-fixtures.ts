// Books as the author's editor receives them, for the book editor's tests.
import { AuthorBook, Chapter, type ChapterSummary } from '#common/schemas/books.ts'

export const BOOK_ID = '7a2b3c4d-0000-4000-8000-0000000000b1'
export const chapterId = (n: number) => `7a2b3c4d-0000-4000-8000-00000000c${String(n).padStart(3, '0')}`

export function summaryOf(n: number, title: string, wordCount = 100, preview = n === 1): ChapterSummary {
  return { id: chapterId(n), position: n, title, wordCount, preview }
}

export function authorBook(overrides: Partial<AuthorBook> = {}): AuthorBook {
  const chapters = overrides.chapters ?? [summaryOf(1, 'The harbour')]
  return AuthorBook.parse({
    id: BOOK_ID,
    authorId: 'writer-1',
    title: 'The salt road',
    subtitle: '',
    description: '',
    coverImage: null,
    category: 'fiction',
    subjectSlug: null,
    language: 'en',
    price: 0,
    currency: 'USD',
    previewChapters: 1,
    chapterCount: chapters.length,
    wordCount: chapters.reduce((sum, c) => sum + c.wordCount, 0),
    publishedAt: null,
    updatedAt: '2026-11-20T09:00:00.000Z',
    status: 'draft',
    rejectionReason: null,
    salesCount: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
    chapters,
  })
}

export function chapterOf(summary: ChapterSummary, bodyHtml = '<p>The tide came in.</p>'): Chapter {
  return Chapter.parse({
    ...summary,
    bookId: BOOK_ID,
    bodyHtml,
    updatedAt: '2026-11-20T09:00:00.000Z',
    previous: null,
    next: null,
  })
}
