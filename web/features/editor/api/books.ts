import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import {
  type AddChapterInput,
  AuthorBook,
  AuthorBookPage,
  Chapter,
  ChapterSummary,
  type SaveBookInput,
  type UpdateChapterInput,
} from '#common/schemas/books.ts'
import { NoContent } from '#common/schemas/fields.ts'
import { ApiError, api } from '#web/lib/api-client.ts'

// The writer's side of the Books Store (decision 020): the book as its author edits it, its
// chapters, submitting, and My books. Readers' queries live in web/data/books.ts under ['books'].

export const authorBookKeys = {
  all: ['author-books'] as const,
  one: (id: string) => ['author-books', 'one', id] as const,
  chapter: (bookId: string, chapterId: string) =>
    ['author-books', 'one', bookId, 'chapter', chapterId] as const,
  mine: () => ['author-books', 'mine'] as const,
}

const bookPath = (id: string) => `/api/books/${encodeURIComponent(id)}`
const chapterPath = (bookId: string, chapterId: string) =>
  `${bookPath(bookId)}/chapters/${encodeURIComponent(chapterId)}`

/** A 404 or 400 (someone else's book, or an id that is not one) is an answer, not worth retrying. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2

/** GET /api/books/:id/edit: settings, status and the contents (no bodies). */
export function useAuthorBook(id: string | null) {
  return useQuery({
    queryKey: authorBookKeys.one(id ?? ''),
    queryFn: ({ signal }) => api(`${bookPath(id ?? '')}/edit`, AuthorBook, { signal }),
    enabled: Boolean(id),
    retry: retryUnlessRefused,
  })
}

/** GET /api/books/:id/chapters/:chapterId: the author reads every chapter, body included. */
export function useChapter(bookId: string, chapterId: string) {
  return useQuery({
    queryKey: authorBookKeys.chapter(bookId, chapterId),
    queryFn: ({ signal }) => api(chapterPath(bookId, chapterId), Chapter, { signal }),
    // The editor owns the body once loaded; a refetch would not reach the open editor anyway.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: retryUnlessRefused,
  })
}

/** POST /api/books (the first save) or PATCH /api/books/:id; field errors show under the fields. */
export function useSaveBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveBookInput }) =>
      id
        ? api(bookPath(id), AuthorBook, { method: 'PATCH', body: input })
        : api('/api/books', AuthorBook, { method: 'POST', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (book) => {
      queryClient.setQueryData(authorBookKeys.one(book.id), book)
      void queryClient.invalidateQueries({ queryKey: authorBookKeys.mine() })
    },
  })
}

/** POST /api/books/:id/submit: to the review queue, or straight into the store for an admin. */
export function useSubmitBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`${bookPath(id)}/submit`, AuthorBook, { method: 'POST' }),
    meta: { inlineErrors: true },
    onSuccess: (book) => {
      queryClient.setQueryData(authorBookKeys.one(book.id), book)
      void queryClient.invalidateQueries({ queryKey: authorBookKeys.mine() })
    },
  })
}

/** DELETE /api/books/:id: a draft or a rejected book nobody owns. */
export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(bookPath(id), NoContent, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorBookKeys.mine() }),
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
      api(`${bookPath(bookId)}/chapters`, Chapter, { method: 'POST', body: input }),
    meta: { inlineErrors: true },
    onSuccess: (chapter) => {
      queryClient.setQueryData(authorBookKeys.chapter(bookId, chapter.id), chapter)
      queryClient.setQueryData<AuthorBook>(authorBookKeys.one(bookId), (book) =>
        book ? withChapter(book, chapter) : book,
      )
      void queryClient.invalidateQueries({ queryKey: authorBookKeys.mine() })
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
      queryClient.setQueryData<AuthorBook>(authorBookKeys.one(bookId), (book) =>
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
      api(`${bookPath(bookId)}/chapters/order`, z.array(ChapterSummary), {
        method: 'PUT',
        body: { chapterIds },
      }),
    onSuccess: (chapters) =>
      queryClient.setQueryData<AuthorBook>(authorBookKeys.one(bookId), (book) =>
        book ? { ...book, chapters } : book,
      ),
    // A refused order (someone added a chapter elsewhere): show what the server holds.
    onError: () => queryClient.invalidateQueries({ queryKey: authorBookKeys.one(bookId) }),
  })
}

/** DELETE /api/books/:id/chapters/:chapterId; the server renumbers the rest. */
export function useDeleteChapter(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (chapterId: string) => api(chapterPath(bookId, chapterId), NoContent, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorBookKeys.one(bookId) }),
  })
}

/** GET /api/me/books: the writer's books, newest change first, a page at a time. */
export function useMyBooks() {
  return useInfiniteQuery({
    queryKey: authorBookKeys.mine(),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
      if (pageParam) params.set('cursor', pageParam)
      return api(`/api/me/books?${params}`, AuthorBookPage, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
