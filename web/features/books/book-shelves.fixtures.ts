import type { BookCard } from '#common/schemas/books.ts'

// A catalogue card as the API answers it, for the shelves' tests on other screens (home, a
// writer's page, a subject hub, search). Plain JSON, not parsed here: the screen's own fetch
// parses it, and fields a newer card carries (its rating) are there already.

export function shelfBook(overrides: Partial<BookCard> & { id: string; title: string }): BookCard {
  return {
    subtitle: '',
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
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    rating: { average: 0, count: 0 },
    ...overrides,
  } as BookCard
}

export const bookPageOf = (items: BookCard[]) => ({ items, nextCursor: null })
