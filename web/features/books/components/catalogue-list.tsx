import { useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CatalogueFilters } from '#common/query-keys.ts'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { bookQueries } from '../api/book-queries.ts'
import { BookGrid, BookGridSkeleton } from './book-card.tsx'

/** Published books matching `filters`, a page at a time with "Load more". */
export function CatalogueList({ filters, empty }: { filters: CatalogueFilters; empty: ReactNode }) {
  const catalogue = useInfiniteQuery(bookQueries.catalogue(filters))
  if (catalogue.isPending) return <BookGridSkeleton />
  // A failed "Load more" keeps the pages already shown (and says so under them).
  if (!catalogue.data)
    return <QueryError what="the books" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
  const books = catalogue.data.pages.flatMap((page) => page.items)
  if (books.length === 0) return empty
  return (
    <div>
      <BookGrid books={books} />
      <div className="mt-6">
        <LoadMore pages={catalogue} label="Load more books" />
      </div>
      {catalogue.isFetchNextPageError && (
        <div className="mt-4">
          <QueryError
            what="more books"
            error={catalogue.error}
            onRetry={() => void catalogue.fetchNextPage()}
          />
        </div>
      )}
    </div>
  )
}
