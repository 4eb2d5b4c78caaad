import type { BooksQuery } from './schemas/books.ts'
import type { FeedQuery, PopularQuery } from './schemas/posts.ts'

// The cache keys of the public reads, and how much of each list the public screens show first.
// The web's hooks cache under these keys; a server-rendered page (decision 026) hands its data to
// the app under the same keys and sizes, so the app's first render finds it and fetches nothing.

/** One query's data for the app's cache, under the key the web's hook uses. */
export interface SeededQuery {
  key: readonly unknown[]
  data: unknown
  /** An infinite query's first page (the app wraps it as `{ pages, pageParams }`). */
  infinite?: boolean
}

/** A feed's filters as the API takes them (the cursor is the page, not a filter). */
export type FeedFilters = Omit<Partial<FeedQuery>, 'cursor'>
/** The catalogue's filters as the API takes them. */
export type CatalogueFilters = Omit<Partial<BooksQuery>, 'cursor'>

export const queryKeys = {
  /** GET /api/auth/get-session: the person and their session, or null (every page carries it). */
  authSession: ['auth-session'] as const,
  /** GET /api/me: the signed-in person's profile. */
  me: ['me'] as const,
  /** The bell's newest notifications and unread count (the stream's snapshot; never fetched). */
  latestNotifications: ['notifications', 'latest'] as const,
  post: (writerId: string, slug: string) => ['posts', 'by', writerId, slug] as const,
  /** The writer's previous and next posts around a post, and more of theirs. */
  neighbours: (postId: string) => ['posts', 'around', postId] as const,
  /** An infinite query. */
  comments: (postId: string) => ['posts', postId, 'comments'] as const,
  /** An infinite query: its data is { pages, pageParams }. */
  feed: (filters: FeedFilters) => ['posts', 'feed', filters] as const,
  popular: (query: Partial<PopularQuery>) => ['posts', 'popular', query] as const,
  writer: (writerId: string) => ['writers', 'one', writerId] as const,
  /** An infinite query. */
  writers: (q: string) => ['writers', 'list', q] as const,
  subjects: ['subjects'] as const,
  subject: (slug: string) => ['subjects', slug] as const,
  books: ['books'] as const,
  /** An infinite query. */
  catalogue: (filters: CatalogueFilters) => ['books', 'catalogue', filters] as const,
  bookShelf: (filters: CatalogueFilters, limit: number) => ['books', 'shelf', filters, limit] as const,
  book: (bookId: string) => ['books', 'one', bookId] as const,
  /** An infinite query, under the book's key (whatever refreshes the book refreshes them). */
  bookReviews: (bookId: string) => ['books', 'one', bookId, 'reviews'] as const,
  /** An infinite query. */
  exams: (filters: { subject?: string; q?: string }) => ['exams', 'list', filters] as const,
  /** A forum's newest threads, one page of `limit`. */
  recentThreads: (slug: string, limit: number) => ['forum', 'subjects', slug, 'threads', { limit }] as const,
}

/** How many items the public screens' sections show. */
export const SHOWN = {
  /** Editors' picks on the home page and a category's page. */
  featured: 4,
  /** The newest of each category on the home page. */
  latestPerCategory: 3,
  /** This week's most read on the home page. */
  popular: 6,
  /** …and beside a category's latest. */
  popularBeside: 5,
  /** Bestselling books on the home page. */
  topBooks: 6,
  /** …and on a subject's page. */
  subjectBooks: 6,
  /** A writer's books on their page. */
  writerBooks: 12,
  /** A subject's newest discussions on its page. */
  subjectThreads: 5,
  /** A book's reviews, a page at a time. */
  reviews: 10,
} as const
