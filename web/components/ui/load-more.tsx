import { Button } from '#web/components/ui/button.tsx'

export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label = 'Load more',
}: {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  label?: string
}) {
  if (!hasNextPage) return null
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
        {label}
      </Button>
    </div>
  )
}
