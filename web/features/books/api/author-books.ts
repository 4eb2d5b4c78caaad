import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type AddChapterInput,
  AuthorBook,
  Chapter,
  ChapterSummary,
  type SaveBookInput,
  type UpdateChapterInput,
} from '#common/schemas/books.ts'
import { NoContent } from '#common/schemas/fields.ts'
import { api } from '#web/lib/api-client.ts'
import { bookApiPath, bookKeys, bookQueries, chapterPath } from './book-queries.ts'

// The writer's side of the Books Store (decision 020): saving the book and its chapters,
// submitting, deleting. What the author reads is in book-queries.ts (bookQueries.authored, .mine).

/** POST /api/books (the first save) or PATCH /api/books/:id; field errors show under the fields. */
export function useSaveBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveBookInput }) =>
      id
        ? api(bookApiPath(id), AuthorBook, { method: 'PATCH', body: input })
        : api('/api/books', AuthorBook, { method: 'POST', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (book) => {
      queryClient.setQueryData(bookQueries.authored(book.id).queryKey, book)
      void queryClient.invalidateQueries({ queryKey: bookKeys.mine })
    },
  })
}

/** POST /api/books/:id/submit: to the review queue, or straight into the store for an admin. */
export function useSubmitBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`${bookApiPath(id)}/submit`, AuthorBook, { method: 'POST' }),
    meta: { inlineErrors: true },
    onSuccess: (book) => {
      queryClient.setQueryData(bookQueries.authored(book.id).queryKey, book)
      void queryClient.invalidateQueries({ queryKey: bookKeys.mine })
    },
  })
}

/** DELETE /api/books/:id: a draft or a rejected book nobody owns. */
export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(bookApiPath(id), NoContent, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookKeys.mine }),
  })
}

/** The book's contents after a chapter changed: the cached book takes the new summary. */
function withChapter(book: AuthorBook, chapter: Chapter): AuthorBook {
  const summary = ChapterSummary.parse(chapter)
  const chapters = book.chapters.some((c) => c.id === chapter.id)
    ? book.chapters.map((c) => (c.id === chapter.id ? summary : c))
    : [...book.chapters, summary]
  return {
    ...book,
    chapters,
    chapterCount: chapters.length,
    wordCount: chapters.reduce((sum, c) => sum + c.wordCount, 0),
  }
}

/** POST /api/books/:id/chapters: a new chapter at the end. */
export function useAddChapter(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddChapterInput) =>
      api(`${bookApiPath(bookId)}/chapters`, Chapter, { method: 'POST', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (chapter) => {
      queryClient.setQueryData(bookQueries.authoredChapter(bookId, chapter.id).queryKey, chapter)
      queryClient.setQueryData<AuthorBook>(bookQueries.authored(bookId).queryKey, (book) =>
        book ? withChapter(book, chapter) : book,
      )
      void queryClient.invalidateQueries({ queryKey: bookKeys.mine })
    },
  })
}

/** PATCH /api/books/:id/chapters/:chapterId: rename, edit the body, or both (autosave). */
export function useUpdateChapter(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ chapterId, input }: { chapterId: string; input: UpdateChapterInput }) =>
      api(chapterPath(bookId, chapterId), Chapter, { method: 'PATCH', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (chapter) =>
      queryClient.setQueryData<AuthorBook>(bookQueries.authored(bookId).queryKey, (book) =>
        book ? withChapter(book, chapter) : book,
      ),
  })
}

/** PUT /api/books/:id/chapters/order with every chapter id in the new order. */
export function useReorderChapters(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // One at a time: quick Move up presses reach the server, and answer, in the order they were made.
    scope: { id: `reorder-${bookId}` },
    mutationFn: (chapterIds: string[]) =>
      api(`${bookApiPath(bookId)}/chapters/order`, z.array(ChapterSummary), {
        method: 'PUT',
        body: { chapterIds },
      }),
    onSuccess: (chapters) =>
      queryClient.setQueryData<AuthorBook>(bookQueries.authored(bookId).queryKey, (book) =>
        book ? { ...book, chapters } : book,
      ),
    // A refused order (someone added a chapter elsewhere): show what the server holds.
    onError: () => queryClient.invalidateQueries({ queryKey: bookQueries.authored(bookId).queryKey }),
  })
}

/** DELETE /api/books/:id/chapters/:chapterId; the server renumbers the rest. */
export function useDeleteChapter(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (chapterId: string) => api(chapterPath(bookId, chapterId), NoContent, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookQueries.authored(bookId).queryKey }),
  })
}
