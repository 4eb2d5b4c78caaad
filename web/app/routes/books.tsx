import { Library, SearchX } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState, PageHeader } from '#web/components/ui/card.tsx'
import {
  catalogueQueryOf,
  hasStoreFilters,
  paramsFromStoreFilters,
  type StoreFilters,
  storeFiltersFromParams,
} from '#web/features/books/catalogue-filters.ts'
import { CatalogueFilterBar } from '#web/features/books/components/catalogue-filter-bar.tsx'
import { CatalogueList } from '#web/features/books/components/catalogue-list.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** The Books Store: every published book, searched, filtered and sorted; all of it kept in the address. */
export default function Books() {
  useDocumentTitle('Books Store')
  const [params, setParams] = useSearchParams()
  const filters = storeFiltersFromParams(params)
  const change = (next: StoreFilters) => setParams(paramsFromStoreFilters(next), { replace: true })

  return (
    <div>
      <PageHeader
        title="Books Store"
        description="Books written chapter by chapter by Inkwell writers. Read the first chapters free, then buy to read on — on any device, right where you stopped."
      />
      <CatalogueFilterBar filters={filters} onChange={change} />
      <section aria-labelledby="books-results" className="mt-8">
        <h2 id="books-results" className="sr-only">
          {filters.q ? `Books matching “${filters.q}”` : 'Books'}
        </h2>
        <CatalogueList
          filters={catalogueQueryOf(filters)}
          empty={
            hasStoreFilters(filters) ? (
              <EmptyState icon={<SearchX className="size-8" aria-hidden />} title="No books match">
                <p>
                  {filters.q
                    ? 'Check the spelling, try fewer words, or widen the filters.'
                    : 'Try another category or price, or see every book.'}
                </p>
                <Button variant="secondary" className="mt-4" onClick={() => change({ sort: filters.sort })}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : (
              <EmptyState icon={<Library className="size-8" aria-hidden />} title="No books in the store yet">
                <p>
                  Writers are still at their desks. Write the first book, chapter by chapter, and sell it
                  here.
                </p>
                <ButtonLink to="/postbook" variant="secondary" className="mt-4">
                  Write a book
                </ButtonLink>
              </EmptyState>
            )
          }
        />
      </section>
    </div>
  )
}
