import type { z } from 'zod'
import {
  type CatalogueFilters,
  type FeedFilters,
  queryKeys,
  type SeededQuery,
  SHOWN,
} from '#common/query-keys.ts'
import { ReaderReviewsPage } from '#common/schemas/book-reviews.ts'
import { BookCardPage, BookPage, BooksQuery } from '#common/schemas/books.ts'
import { CommentPage, CommentsQuery } from '#common/schemas/comments.ts'
import { ExamCardPage, ExamsQuery } from '#common/schemas/exams.ts'
import { ThreadPage, ThreadsQuery } from '#common/schemas/forums.ts'
import {
  FeedQuery,
  PopularQuery,
  PostCardList,
  PostCardPage,
  PostNeighbours,
  PublicPost,
} from '#common/schemas/posts.ts'
import { SubjectList, SubjectWithCounts } from '#common/schemas/subjects.ts'
import { WriterPage, WriterProfile, WritersQuery } from '#common/schemas/writers.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { getBookPage, listBooks, listReviews } from '#server/modules/books/index.ts'
import { listExams } from '#server/modules/exams/index.ts'
import { listThreads } from '#server/modules/forums/index.ts'
import {
  listComments,
  listFeed,
  popularPosts,
  postNeighbours,
  readPost,
} from '#server/modules/posts/index.ts'
import { getSubject, listSubjects } from '#server/modules/subjects/index.ts'
import { getWriter, listWriters } from '#server/modules/writers/index.ts'

// The reads a server-rendered page is made of (decision 026), each exactly as its JSON endpoint
// answers the same visitor (`viewer`: the signed-in person, or null for a signed-out reader): the
// same service, then the endpoint's response schema (which drops anything the endpoint would not
// send). Each comes with the key of the web hook that reads that endpoint, so the page can hand it
// to the app's cache.

/** One read: its data for the page's HTML, and the same data for the app's cache. */
export interface Read<T> {
  data: T
  query: SeededQuery
}

function read<T>(key: readonly unknown[], schema: z.ZodType<T>, raw: unknown, infinite = false): Read<T> {
  const data = schema.parse(raw)
  return { data, query: infinite ? { key, data, infinite } : { key, data } }
}

type Viewer = SessionUser | null

export const reads = {
  post: async (ctx: AppContext, viewer: Viewer, writerId: string, slug: string) =>
    read(queryKeys.post(writerId, slug), PublicPost, await readPost(ctx, viewer, writerId, slug)),

  neighbours: async (ctx: AppContext, viewer: Viewer, postId: string) =>
    read(queryKeys.neighbours(postId), PostNeighbours, await postNeighbours(ctx, viewer, postId)),

  /** A post's comments, first page (an infinite query). */
  comments: async (ctx: AppContext, viewer: Viewer, postId: string) =>
    read(
      queryKeys.comments(postId),
      CommentPage,
      await listComments(ctx, viewer, postId, CommentsQuery.parse({})),
      true,
    ),

  /** GET /api/posts with `filters`, first page (an infinite query). */
  feed: async (ctx: AppContext, filters: FeedFilters) =>
    read(queryKeys.feed(filters), PostCardPage, await listFeed(ctx, FeedQuery.parse(filters)), true),

  popular: async (ctx: AppContext, query: Partial<PopularQuery>) =>
    read(queryKeys.popular(query), PostCardList, await popularPosts(ctx, PopularQuery.parse(query))),

  writer: async (ctx: AppContext, viewer: Viewer, writerId: string) =>
    read(queryKeys.writer(writerId), WriterProfile, await getWriter(ctx, writerId, viewer)),

  /** The writers directory's first page (an infinite query). */
  writers: async (ctx: AppContext) =>
    read(queryKeys.writers(''), WriterPage, await listWriters(ctx, WritersQuery.parse({})), true),

  subjects: async (ctx: AppContext) => read(queryKeys.subjects, SubjectList, await listSubjects(ctx)),

  subject: async (ctx: AppContext, slug: string) =>
    read(queryKeys.subject(slug), SubjectWithCounts, await getSubject(ctx, slug)),

  /** The Books Store's first page (an infinite query). */
  catalogue: async (ctx: AppContext, filters: CatalogueFilters) =>
    read(queryKeys.catalogue(filters), BookCardPage, await listBooks(ctx, BooksQuery.parse(filters)), true),

  /** The first `limit` books matching `filters` (a shelf: one page, not an infinite query). */
  bookShelf: async (ctx: AppContext, filters: CatalogueFilters, limit: number) =>
    read(
      queryKeys.bookShelf(filters, limit),
      BookCardPage,
      await listBooks(ctx, BooksQuery.parse({ ...filters, limit })),
    ),

  book: async (ctx: AppContext, viewer: Viewer, bookId: string) =>
    read(queryKeys.book(bookId), BookPage, await getBookPage(ctx, viewer, bookId)),

  /** A book's reviews, first page (an infinite query). */
  bookReviews: async (ctx: AppContext, viewer: Viewer, bookId: string) =>
    read(
      queryKeys.bookReviews(bookId),
      ReaderReviewsPage,
      await listReviews(ctx, viewer, bookId, { limit: SHOWN.reviews }),
      true,
    ),

  /** A subject's exams, first page (an infinite query). */
  exams: async (ctx: AppContext, subject: string) =>
    read(
      queryKeys.exams({ subject }),
      ExamCardPage,
      await listExams(ctx, ExamsQuery.parse({ subject })),
      true,
    ),

  recentThreads: async (ctx: AppContext, viewer: Viewer, slug: string, limit: number) =>
    read(
      queryKeys.recentThreads(slug, limit),
      ThreadPage,
      await listThreads(ctx, viewer, slug, ThreadsQuery.parse({ limit })),
    ),
}
