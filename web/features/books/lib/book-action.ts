import type { BookPage } from '#common/schemas/books.ts'

/**
 * The one thing the book page offers first, as a shop that knows the reader would:
 * - `write`: the author's own book (read it, or edit it);
 * - `continue`: someone who may read it all and has started, at the saved chapter;
 * - `start`: someone who may read it all and has not started;
 * - `add`: a free book not in the reader's library yet;
 * - `buy`: a paid book the reader does not own.
 * Beside `add` and `buy`, the free preview stays a second way in.
 */
export type BookAction =
  | { kind: 'write'; chapterId: string | null }
  | { kind: 'continue'; chapterId: string }
  | { kind: 'start'; chapterId: string | null }
  | { kind: 'add' | 'buy'; previewChapterId: string | null }

export function bookActionFor(book: BookPage, viewerId: string | undefined): BookAction {
  const first = book.chapters[0]?.id ?? null
  const saved = book.position?.chapterId
  const savedChapter = saved ? book.chapters.find((c) => c.id === saved) : undefined
  if (viewerId === book.author.id) return { kind: 'write', chapterId: first }
  if (book.readsAll) {
    return savedChapter
      ? { kind: 'continue', chapterId: savedChapter.id }
      : { kind: 'start', chapterId: first }
  }
  // A reader part-way through the preview goes back to where they stopped in it.
  const preview = savedChapter?.preview ? savedChapter : book.chapters.find((c) => c.preview)
  return { kind: book.price === 0 ? 'add' : 'buy', previewChapterId: preview?.id ?? null }
}

/** "about 40 min", "about 3 h" of reading, at 230 words a minute. */
export function readingTimeLabel(words: number) {
  const minutes = Math.max(1, Math.round(words / 230))
  if (minutes < 60) return `about ${minutes} min`
  const hours = Math.round(minutes / 30) / 2
  return `about ${hours} h`
}
