import { Button } from '#web/components/ui/button.tsx'

export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}) {
  if (!hasNextPage) return null
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
        Load more
      </Button>
    </div>
  )
}
