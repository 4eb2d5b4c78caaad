// Answers of the books API for web tests, shaped (and parsed) by the shared schemas.
import { BookCard, BookPage, Chapter, type ChapterSummary, LibraryItem } from '#common/schemas/books.ts'

export const BOOK_ID = '5a0b7c1e-0000-4000-8000-0000000000b1'
export const AUTHOR = { id: 'writer-1', name: 'Grace Okafor', image: null }
export const chapterIdOf = (n: number) => `5a0b7c1e-0000-4000-8000-00000000c00${n}`

export function bookCard(overrides: Partial<BookCard> = {}): BookCard {
  return BookCard.parse({
    id: BOOK_ID,
    title: 'The Lighthouse Keeper',
    subtitle: 'A novel in five nights',
    coverImage: null,
    category: 'fiction',
    subjectSlug: null,
    language: 'en',
    price: 499,
    currency: 'USD',
    previewChapters: 1,
    chapterCount: 3,
    wordCount: 9000,
    publishedAt: '2026-11-01T10:00:00.000Z',
    author: AUTHOR,
    rating: { average: 0, count: 0 },
    ...overrides,
  })
}

const TITLES = ['The light goes out', 'A ship in the fog', 'Morning']

/** Chapters 1..n, the first `preview` of them free. */
export const chapters = (n = 3, preview = 1): ChapterSummary[] =>
  Array.from({ length: n }, (_, i) => ({
    id: chapterIdOf(i + 1),
    position: i + 1,
    title: TITLES[i] ?? `Chapter ${i + 1}`,
    wordCount: 3000,
    preview: i < preview,
  }))

export function bookPage(overrides: Partial<BookPage> = {}): BookPage {
  return BookPage.parse({
    ...bookCard(),
    description: 'A keeper, a storm, and the ship that should not be there.',
    updatedAt: '2026-11-01T10:00:00.000Z',
    status: 'published',
    author: { ...AUTHOR, bio: 'Writes about the sea.' },
    chapters: chapters(),
    owned: false,
    readsAll: false,
    position: null,
    ...overrides,
  })
}

export function chapter(n: number, overrides: Partial<Chapter> = {}): Chapter {
  const all = chapters()
  const here = all[n - 1]
  const link = (c: ChapterSummary | undefined) => (c ? { id: c.id, title: c.title } : null)
  return Chapter.parse({
    ...here,
    bookId: BOOK_ID,
    bodyHtml: `<p>The text of chapter ${n}.</p>`,
    updatedAt: '2026-11-01T10:00:00.000Z',
    previous: link(all[n - 2]),
    next: link(all[n]),
    ...overrides,
  })
}

export function libraryItem(overrides: Partial<LibraryItem> = {}): LibraryItem {
  return LibraryItem.parse({
    book: bookCard(),
    acquiredAt: '2026-11-02T10:00:00.000Z',
    position: null,
    chapter: null,
    through: null,
    ...overrides,
  })
}
