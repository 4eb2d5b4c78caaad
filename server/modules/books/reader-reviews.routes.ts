import { ReaderReview, ReaderReviewInput, ReaderReviewsPage } from '#common/schemas/book-reviews.ts'
import { BookIdParams } from '#common/schemas/books.ts'
import { PageQuery } from '#common/schemas/fields.ts'
import { actor, readSessionUser, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { deleteReview, listReviews, saveReview } from './reader-reviews.service.ts'

/** A reader saves a review a few times at most; more is a script. */
const reviewLimit = {
  rateLimit: {
    max: 30,
    timeWindow: 10 * 60 * 1000,
    keyGenerator: (req: { user: { id: string } | null }) => `user:${req.user?.id}`,
  },
}

/** Readers' stars and reviews of a book (registered with the books module's routes). */
export function readerReviewRoutes(app: App) {
  app.put(
    '/api/books/:id/review',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'saveBookReview',
        summary: 'Rate and review a book',
        params: BookIdParams,
        body: ReaderReviewInput,
        response: { 200: ReaderReview, 201: ReaderReview },
      },
      config: { ...reviewLimit, errors: [403, 409] },
    },
    async (req, reply) => {
      const { created, review } = await saveReview(app.ctx, actor(req), req.params.id, req.body)
      return reply.code(created ? 201 : 200).send(review)
    },
  )

  app.delete(
    '/api/books/:id/review',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'deleteBookReview',
        summary: 'Delete my review of a book',
        params: BookIdParams,
      },
    },
    async (req, reply) => {
      await deleteReview(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/books/:id/reviews',
    {
      schema: {
        operationId: 'listBookReviews',
        summary: "List a book's reader reviews",
        params: BookIdParams,
        querystring: PageQuery,
        response: { 200: ReaderReviewsPage },
      },
    },
    async (req) => listReviews(app.ctx, await readSessionUser(req), req.params.id, req.query),
  )
}
