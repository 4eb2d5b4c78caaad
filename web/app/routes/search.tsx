import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { SearchQuery } from '#common/schemas/search.ts'
import { PostCardItem } from '#web/components/post-card.tsx'
import { Alert, EmptyState, PageHeader } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { BOOK_GRID, BookCardItem, BookGridSkeleton } from '#web/features/books/components/book-card.tsx'
import { PostGridSkeleton } from '#web/features/discovery/components/post-list.tsx'
import { ExamCardItem } from '#web/features/exams/components/exam-card.tsx'
import {
  useBookSearch,
  useExamSearch,
  usePostSearch,
  useThreadSearch,
  useWriterSearch,
} from '#web/features/search/api/search.ts'
import { ForumHitCard } from '#web/features/search/components/forum-hit-card.tsx'
import { RefineSearch } from '#web/features/search/components/refine-search.tsx'
import { SearchTypeNav } from '#web/features/search/components/search-type-nav.tsx'
import { SnippetText } from '#web/features/search/components/snippet-text.tsx'
import { SEARCH_TYPE_LABELS, searchPath, searchTypeOf } from '#web/features/search/search-types.ts'
import { WriterCardItem } from '#web/features/writers/components/writer-card.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /search/:query: ranked posts, writers, books, exams or forum threads (the tab lives in ?type=), refined from the page itself. */
export default function Search() {
  const query = (useParams().query ?? '').trim()
  const [params] = useSearchParams()
  const type = searchTypeOf(params)
  const navigate = useNavigate()
  useDocumentTitle(`Search: ${query}`)
  // The server would refuse it with the same message; say it without asking.
  const problem = SearchQuery.shape.q.safeParse(query).error?.issues[0]?.message

  return (
    <div className="mx-auto max-w-6xl [overflow-wrap:anywhere]">
      <PageHeader title={`Results for “${query}”`} />
      <div className="-mt-4 max-w-2xl">
        <RefineSearch key={query} query={query} onSearch={(q) => navigate(searchPath(q, type))} />
      </div>
      <div className="mt-8">
        <SearchTypeNav query={query} active={type} />
      </div>
      {/* The hits' titles are h3s, under this h2 that screen readers find. */}
      <section aria-labelledby="search-results-title" className="pt-6">
        <h2 id="search-results-title" className="sr-only">
          {SEARCH_TYPE_LABELS[type]}
        </h2>
        {problem ? (
          <Alert>{problem}</Alert>
        ) : type === 'posts' ? (
          <PostResults q={query} />
        ) : type === 'writers' ? (
          <WriterResults q={query} />
        ) : type === 'books' ? (
          <BookResults q={query} />
        ) : type === 'exams' ? (
          <ExamResults q={query} />
        ) : (
          <ThreadResults q={query} />
        )}
      </section>
    </div>
  )
}

/** Matching posts, each card quoting its snippet (an empty snippet leaves it the excerpt). */
function PostResults({ q }: { q: string }) {
  return (
    <Hits
      result={usePostSearch(q)}
      what="posts"
      keyOf={(hit) => hit.id}
      loading={<PostGridSkeleton count={6} label="Searching posts…" />}
      listClass="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      empty={
        <NoMatches title={`No posts match “${q}”.`}>
          <Link
            to="/contents"
            className="font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
          >
            Browse all posts
          </Link>
        </NoMatches>
      }
      renderHit={(hit) => (
        <PostCardItem post={hit}>
          {hit.snippet.length > 0 ? <SnippetText snippet={hit.snippet} /> : undefined}
        </PostCardItem>
      )}
    />
  )
}

/** Matching writers, each card quoting its snippet (an empty snippet leaves it the bio). */
function WriterResults({ q }: { q: string }) {
  return (
    <Hits
      result={useWriterSearch(q)}
      what="writers"
      keyOf={(hit) => hit.id}
      loading={<ScreenSpinner label="Searching writers…" />}
      listClass="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      empty={
        <NoMatches title={`No writers match “${q}”.`}>
          <Link
            to="/profile"
            className="font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
          >
            Browse all writers
          </Link>
        </NoMatches>
      }
      renderHit={(hit) => (
        <WriterCardItem writer={hit}>
          {hit.snippet.length > 0 ? <SnippetText snippet={hit.snippet} /> : undefined}
        </WriterCardItem>
      )}
    />
  )
}

/** Matching books in the store, by title, subtitle or blurb, newest first. */
function BookResults({ q }: { q: string }) {
  return (
    <Hits
      result={useBookSearch(q)}
      what="books"
      keyOf={(book) => book.id}
      loading={<BookGridSkeleton count={5} label="Searching books…" />}
      listClass={BOOK_GRID}
      empty={
        <NoMatches title={`No books match “${q}”.`}>
          <Link
            to="/books"
            className="font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
          >
            Browse the Books Store
          </Link>
        </NoMatches>
      }
      renderHit={(book) => <BookCardItem book={book} />}
    />
  )
}

/** Matching published exams, by title (then description). */
function ExamResults({ q }: { q: string }) {
  return (
    <Hits
      result={useExamSearch(q)}
      what="exams"
      keyOf={(hit) => hit.id}
      loading={<ScreenSpinner label="Searching exams…" />}
      listClass="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      empty={
        <NoMatches title={`No exams match “${q}”.`}>
          <Link
            to="/exams"
            className="font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
          >
            Browse the Exams Room
          </Link>
        </NoMatches>
      }
      renderHit={(exam) => <ExamCardItem exam={exam} />}
    />
  )
}

/** Matching forum threads and replies, each card linking to the thread or to the reply's page. */
function ThreadResults({ q }: { q: string }) {
  return (
    <Hits
      result={useThreadSearch(q)}
      what="threads"
      loading={<ScreenSpinner label="Searching threads…" />}
      listClass="grid gap-4 lg:grid-cols-2"
      keyOf={(hit) => hit.replyId ?? hit.threadId}
      empty={
        <NoMatches title={`No threads or replies match “${q}”.`}>
          <Link
            to="/forum"
            className="font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
          >
            Browse the forums
          </Link>
        </NoMatches>
      }
      renderHit={(hit) => <ForumHitCard hit={hit} />}
    />
  )
}

function NoMatches({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState icon={<SearchX className="size-8" aria-hidden />} title={title}>
      <p>Try fewer words or check the spelling.</p>
      <p className="mt-3">{children}</p>
    </EmptyState>
  )
}

type HitPage<T> = { items: T[]; nextCursor: string | null }

interface HitsProps<T> {
  result: UseInfiniteQueryResult<InfiniteData<HitPage<T>>>
  /** "posts": names what failed to load. */
  what: string
  loading: ReactNode
  empty: ReactNode
  listClass: string
  /** A hit's key in the list. */
  keyOf: (hit: T) => string
  renderHit: (hit: T) => ReactNode
}

/** Ranked hits, best first, a page at a time with "Load more". */
function Hits<T>({ result, what, loading, empty, listClass, keyOf, renderHit }: HitsProps<T>) {
  if (result.isPending) return loading
  // A failed "Load more" keeps the pages already shown (and says so under them).
  if (!result.data)
    return <QueryError what={what} error={result.error} onRetry={() => void result.refetch()} />
  const hits = result.data.pages.flatMap((page) => page.items)
  if (hits.length === 0) return empty
  return (
    <div>
      <ol className={listClass}>
        {hits.map((hit) => (
          <li key={keyOf(hit)}>{renderHit(hit)}</li>
        ))}
      </ol>
      <LoadMore pages={result} />
      {result.isFetchNextPageError && (
        <div className="mt-4">
          <QueryError
            what={`more ${what}`}
            error={result.error}
            onRetry={() => void result.fetchNextPage()}
          />
        </div>
      )}
    </div>
  )
}
