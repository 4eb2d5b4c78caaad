import { useQueryClient } from '@tanstack/react-query'
import { PageHeader } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { usePracticeSession, usePracticeSummary } from '#web/features/practice/api/practice.ts'
import { practiceKeys } from '#web/features/practice/api/practice-queries.ts'
import { PracticeEmpty } from '#web/features/practice/components/practice-empty.tsx'
import { PracticeSession } from '#web/features/practice/components/practice-session.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/**
 * Practice: the questions missed in exams (decision 049) and the lessons' Key ideas the reader added
 * (decision 052), asked again when FSRS says they are due.
 */
export default function Practice() {
  useDocumentTitle('Practice')
  const session = usePracticeSession()
  const summary = usePracticeSummary()
  const queryClient = useQueryClient()
  // A new session reads the cards due now; the old one's list is forgotten.
  const again = () => void queryClient.resetQueries({ queryKey: practiceKeys.session })

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Practice"
        description="Questions you missed in exams and Key ideas from lessons, asked again just before you would forget them."
      />
      {session.isPending ? (
        <ScreenSpinner label="Loading your cards…" />
      ) : session.isError ? (
        <QueryError what="your cards" error={session.error} onRetry={() => void session.refetch()} />
      ) : session.data.items.length > 0 ? (
        <PracticeSession key={session.dataUpdatedAt} cards={session.data.items} onAgain={again} />
      ) : summary.isPending ? (
        <ScreenSpinner label="Loading your cards…" />
      ) : summary.isError ? (
        <QueryError what="your cards" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <PracticeEmpty summary={summary.data} />
      )}
    </div>
  )
}
