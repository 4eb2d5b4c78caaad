import { SearchX } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { EmptyState, PageHeader } from '#web/components/ui/card.tsx'
import { ContentsFilterBar } from '#web/features/discovery/components/contents-filter-bar.tsx'
import { FeedList } from '#web/features/discovery/components/feed-list.tsx'
import { WriteInvite } from '#web/features/discovery/components/write-invite.tsx'
import {
  type ContentsFilters,
  filtersFromParams,
  hasFilters,
  paramsFromFilters,
} from '#web/features/discovery/contents-filters.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** Everything published, filtered by category, subject and tag; the filters live in the address. */
export default function Contents() {
  useDocumentTitle('All posts')
  const [params, setParams] = useSearchParams()
  const filters = filtersFromParams(params)
  const change = (next: ContentsFilters) => setParams(paramsFromFilters(next), { replace: true })

  return (
    <div>
      <PageHeader
        title="All posts"
        description="Everything published on Inkwell: lessons, fiction and true stories. Narrow it down by category, subject or tag."
      />
      <ContentsFilterBar filters={filters} onChange={change} />
      <section aria-labelledby="contents-results" className="mt-8">
        <h2 id="contents-results" className="sr-only">
          Posts
        </h2>
        <FeedList
          filters={filters}
          empty={
            hasFilters(filters) ? (
              <EmptyState
                icon={<SearchX className="size-8" aria-hidden />}
                title="No posts match these filters"
              >
                <p>Try another category or tag, or see everything.</p>
                <Button variant="secondary" className="mt-4" onClick={() => change({ sort: filters.sort })}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : (
              <WriteInvite title="Nothing published yet">
                Be the first: write a post, and it appears here once it is reviewed.
              </WriteInvite>
            )
          }
        />
      </section>
    </div>
  )
}
