import { Brain } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ShelfEmpty, ShelfLoading } from '#web/components/ui/shelf.tsx'
import { usePracticeSummary } from '../api/practice.ts'
import { dueText } from '../lib/due-text.ts'

const cardsWord = (n: number) => (n === 1 ? '1 card' : `${n} cards`)

/**
 * The dashboard's practice: how many cards are due and a way in; when none are, when the next
 * one is; an honest empty state before the first missed question.
 */
export function DuePractice() {
  const summary = usePracticeSummary()
  if (summary.isPending) return <ShelfLoading label="Loading your practice…" rows={1} />
  if (!summary.data)
    return <QueryError what="your practice" error={summary.error} onRetry={() => void summary.refetch()} />
  const { due, cards, nextDue } = summary.data
  if (cards === 0)
    return (
      <ShelfEmpty icon={Brain} action={{ to: '/exams', label: 'Find an exam to take' }}>
        Questions you miss in an exam come back here to practise, just before you would forget them.
      </ShelfEmpty>
    )
  return (
    <div className="flex flex-1 items-start gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-50 text-ink-800">
        <Brain className="size-6" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        {due > 0 ? (
          <>
            <p className="font-serif text-lg leading-snug font-semibold text-stone-900">
              {cardsWord(due)} due
            </p>
            <p className="mt-1 text-sm text-stone-600">
              A few minutes now keeps what you learned. {cardsWord(cards)} in your practice.
            </p>
          </>
        ) : (
          <>
            <p className="font-serif text-lg leading-snug font-semibold text-stone-900">All caught up</p>
            <p className="mt-1 text-sm text-stone-600">
              {nextDue ? `The next card is due ${dueText(nextDue, Date.now())}. ` : ''}
              {cardsWord(cards)} in your practice.
            </p>
          </>
        )}
        <div className="mt-auto pt-3">
          <ButtonLink to="/practice" size="sm" variant={due > 0 ? 'primary' : 'secondary'}>
            {due > 0 ? 'Practise now' : 'Open practice'}
          </ButtonLink>
        </div>
      </div>
    </div>
  )
}
