import { z } from 'zod'
import { RICH_TEXT_WRITE_RATE_LIMIT } from '#common/constants.ts'
import {
  AddChapterInput,
  AuthorBook,
  AuthorBookPage,
  BookCardPage,
  BookIdParams,
  BookPage,
  BookRejectInput,
  BookReviewPage,
  BooksQuery,
  Chapter,
  ChapterParams,
  ChapterSummary,
  LibraryPage,
  LibraryState,
  MyBooksQuery,
  ReadingPosition,
  ReadingPositionInput,
  ReorderChaptersInput,
  SaveBookInput,
  UpdateChapterInput,
} from '#common/schemas/books.ts'
import { PageQuery } from '#common/schemas/fields.ts'
import { SearchQuery } from '#common/schemas/search.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import { approve, listReviewQueue, reject } from '#server/core/moderation/moderation.ts'
import type { App } from '#server/http/app-type.ts'
import {
  createBook,
  deleteBook,
  getBookForEditing,
  listMyBooks,
  submitBook,
  updateBook,
} from './books.service.ts'
import { listBooks } from './catalogue.service.ts'
import { addChapter, deleteChapter, reorderChapters, updateChapter } from './chapters.service.ts'
import { downloadEpub } from './download.service.ts'
import { readerReviewRoutes } from './reader-reviews.routes.ts'
import { readerSettingsRoutes } from './reader-settings.ts'
import { addToLibrary, getBookPage, listLibrary, readChapter, savePosition } from './reading.service.ts'
import { bookReview } from './review.ts'

/** Saves (autosaves included) per signed-in person, counted per route, as for posts. */
const writeLimit = {
  rateLimit: {
    max: RICH_TEXT_WRITE_RATE_LIMIT.max,
    timeWindow: RICH_TEXT_WRITE_RATE_LIMIT.windowSeconds * 1000,
    keyGenerator: (req: { user: { id: string } | null }) => `user:${req.user?.id}`,
  },
}

/** The Books Store: writing (the author; admins may manage any book), the catalogue and the reader. */
export function bookRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  // Writing.
  app.post(
    '/api/books',
    {
      ...guarded,
      schema: {
        operationId: 'createBook',
        summary: 'Start a book as a draft',
        body: SaveBookInput,
        response: { 201: AuthorBook },
      },
    },
    async (req, reply) => reply.code(201).send(await createBook(app.ctx, actor(req), req.body)),
  )

  app.get(
    '/api/books/:id/edit',
    {
      ...guarded,
      schema: {
        operationId: 'getBookForEditing',
        summary: 'Read one of my books to edit it',
        params: BookIdParams,
        response: { 200: AuthorBook },
      },
    },
    async (req) => getBookForEditing(app.ctx, actor(req), req.params.id),
  )

  app.patch(
    '/api/books/:id',
    {
      ...guarded,
      schema: {
        operationId: 'updateBook',
        summary: 'Save changes to one of my books',
        params: BookIdParams,
        body: SaveBookInput,
        response: { 200: AuthorBook },
      },
      config: { errors: [409] },
    },
    async (req) => updateBook(app.ctx, actor(req), req.params.id, req.body),
  )

  app.post(
    '/api/books/:id/submit',
    {
      ...guarded,
      schema: {
        operationId: 'submitBook',
        summary: 'Send a draft book to review',
        params: BookIdParams,
        response: { 200: AuthorBook },
      },
      config: { errors: [403, 409] },
    },
    async (req) => submitBook(app.ctx, actor(req), req.params.id),
  )

  app.delete(
    '/api/books/:id',
    {
      ...guarded,
      schema: { operationId: 'deleteBook', summary: 'Delete one of my books', params: BookIdParams },
      config: { errors: [409] },
    },
    async (req, reply) => {
      await deleteBook(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/me/books',
    {
      ...guarded,
      schema: {
        operationId: 'listMyBooks',
        summary: 'List my books',
        querystring: MyBooksQuery,
        response: { 200: AuthorBookPage },
      },
    },
    async (req) => listMyBooks(app.ctx, actor(req), req.query),
  )

  app.post(
    '/api/books/:id/chapters',
    {
      ...guarded,
      schema: {
        operationId: 'addChapter',
        summary: 'Add a chapter to one of my books',
        params: BookIdParams,
        body: AddChapterInput,
        response: { 201: Chapter },
      },
      config: { ...writeLimit, errors: [409] },
    },
    async (req, reply) =>
      reply.code(201).send(await addChapter(app.ctx, actor(req), req.params.id, req.body)),
  )

  app.patch(
    '/api/books/:id/chapters/:chapterId',
    {
      ...guarded,
      schema: {
        operationId: 'updateChapter',
        summary: 'Save changes to a chapter',
        params: ChapterParams,
        body: UpdateChapterInput,
        response: { 200: Chapter },
      },
      config: writeLimit,
    },
    async (req) => updateChapter(app.ctx, actor(req), req.params.id, req.params.chapterId, req.body),
  )

  app.put(
    '/api/books/:id/chapters/order',
    {
      ...guarded,
      schema: {
        operationId: 'reorderChapters',
        summary: "Put a book's chapters in a new order",
        params: BookIdParams,
        body: ReorderChaptersInput,
        response: { 200: z.array(ChapterSummary) },
      },
    },
    async (req) => reorderChapters(app.ctx, actor(req), req.params.id, req.body),
  )

  app.delete(
    '/api/books/:id/chapters/:chapterId',
    {
      ...guarded,
      schema: { operationId: 'deleteChapter', summary: 'Delete a chapter', params: ChapterParams },
      config: { errors: [409] },
    },
    async (req, reply) => {
      await deleteChapter(app.ctx, actor(req), req.params.id, req.params.chapterId)
      return reply.code(204).send()
    },
  )

  // Finding and reading: public; the session only widens what is shown.
  app.get(
    '/api/books',
    {
      schema: {
        operationId: 'listBooks',
        summary: 'List published books',
        querystring: BooksQuery,
        response: { 200: BookCardPage },
      },
      config: { publicCache: true },
    },
    async (req) => listBooks(app.ctx, req.query),
  )

  // The search page's Books tab: the catalogue's full-text match, newest first (as exams do).
  app.get(
    '/api/search/books',
    {
      schema: {
        operationId: 'searchBooks',
        summary: 'Search published books',
        querystring: SearchQuery,
        response: { 200: BookCardPage },
      },
    },
    async (req) => listBooks(app.ctx, { ...req.query, sort: 'newest' }),
  )

  app.get(
    '/api/books/:id',
    {
      schema: {
        operationId: 'getBook',
        summary: "Read a book's page",
        params: BookIdParams,
        response: { 200: BookPage },
      },
      config: { publicCache: true },
    },
    async (req) => getBookPage(app.ctx, await readSessionUser(req), req.params.id),
  )

  app.get(
    '/api/books/:id/chapters/:chapterId',
    // 403: a chapter past the preview of a book the reader does not have.
    {
      schema: {
        operationId: 'getChapter',
        summary: 'Read a chapter',
        params: ChapterParams,
        response: { 200: Chapter },
      },
      config: { errors: [403] },
    },
    async (req) => readChapter(app.ctx, await readSessionUser(req), req.params.id, req.params.chapterId),
  )

  app.put(
    '/api/books/:id/position',
    {
      ...guarded,
      schema: {
        operationId: 'saveReadingPosition',
        summary: 'Save where I am in a book',
        params: BookIdParams,
        body: ReadingPositionInput,
        response: { 200: ReadingPosition },
      },
      config: { errors: [403] },
    },
    async (req) => savePosition(app.ctx, actor(req), req.params.id, req.body),
  )

  app.post(
    '/api/books/:id/library',
    // 402: a paid book is bought, not added.
    {
      ...guarded,
      schema: {
        operationId: 'addToLibrary',
        summary: 'Add a free book to my library',
        params: BookIdParams,
        response: { 200: LibraryState },
      },
      config: { errors: [402, 409] },
    },
    async (req) => addToLibrary(app.ctx, actor(req), req.params.id),
  )

  // Served as an attachment, never inline.
  app.get(
    '/api/books/:id/epub',
    {
      ...guarded,
      schema: { operationId: 'downloadEpub', summary: 'Download a book I own as EPUB', params: BookIdParams },
      config: { errors: [403] },
    },
    async (req, reply) => {
      const file = await downloadEpub(app.ctx, actor(req), req.params.id)
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body)
    },
  )

  app.get(
    '/api/me/library',
    {
      ...guarded,
      schema: {
        operationId: 'listMyLibrary',
        summary: 'List the books in my library',
        querystring: PageQuery,
        response: { 200: LibraryPage },
      },
    },
    async (req) => listLibrary(app.ctx, actor(req), req.query),
  )

  readerReviewRoutes(app)
  readerSettingsRoutes(app)
}

/** The books' review queue and decisions (the admin scope: server/http/scopes.ts). */
export function bookAdminRoutes(app: App) {
  app.get(
    '/api/admin/books/review',
    {
      schema: {
        operationId: 'listBookReviewQueue',
        summary: 'List the books waiting for review',
        querystring: PageQuery,
        response: { 200: BookReviewPage },
      },
    },
    async (req) => listReviewQueue(app.ctx, bookReview, req.query),
  )

  app.post(
    '/api/admin/books/:id/approve',
    {
      schema: {
        operationId: 'approveBook',
        summary: 'Approve and publish a book',
        params: BookIdParams,
        response: { 200: AuthorBook },
      },
      config: { errors: [409] },
    },
    async (req) => approve(app.ctx, bookReview, req.params.id),
  )

  app.post(
    '/api/admin/books/:id/reject',
    {
      schema: {
        operationId: 'rejectBook',
        summary: 'Send a book back to its author',
        params: BookIdParams,
        body: BookRejectInput,
        response: { 200: AuthorBook },
      },
      config: { errors: [409] },
    },
    async (req) => reject(app.ctx, bookReview, req.params.id, req.body.reason),
  )
}
