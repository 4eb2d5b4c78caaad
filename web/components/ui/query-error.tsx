import { RefreshCw } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'

/** A section that could not load: what failed, the server's reason, and a way to try again. */
export function QueryError({
  what,
  error,
  onRetry,
}: {
  what: string
  error: Error | null
  onRetry: () => void
}) {
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          <span className="font-medium">We couldn't load {what}.</span> {error?.message}
        </p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </div>
    </Alert>
  )
}
