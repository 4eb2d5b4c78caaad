import { FileQuestion } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ApiError } from '#web/lib/api-client.ts'

/** A page whose exam could not load: gone (404, or not a real id) or a failure to retry. */
export function ExamLoadError({ error, what, onRetry }: { error: Error; what: string; onRetry: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return (
      <div className="mx-auto max-w-xl py-10">
        <EmptyState icon={<FileQuestion className="size-8" aria-hidden />} title="We can't find that exam">
          <p>It may have been removed, or it is not published yet.</p>
          <ButtonLink to="/exams" variant="secondary" className="mt-4">
            Browse exams
          </ButtonLink>
        </EmptyState>
      </div>
    )
  return (
    <div className="mx-auto max-w-xl py-10">
      <QueryError what={what} error={error} onRetry={onRetry} />
    </div>
  )
}
