import { Button } from '#web/components/ui/button.tsx'

/** Where a paged list is (an infinite query fits as it is). */
interface Pages {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** The button under a paged list that fetches its next page; nothing once there is none. */
export function LoadMore({ pages, label = 'Load more' }: { pages: Pages; label?: string }) {
  if (!pages.hasNextPage) return null
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" busy={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
        {label}
      </Button>
    </div>
  )
}
