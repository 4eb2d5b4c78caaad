import { ClipboardList, Sparkles } from 'lucide-react'
import type { PracticeSummary } from '#common/schemas/practice.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { countOf } from '#web/lib/format.ts'
import { useNow } from '#web/lib/relative-time.ts'
import { dueText } from '../lib/due-text.ts'

/** Nothing to practise now: when the next card is due, or how cards come at all. */
export function PracticeEmpty({ summary }: { summary: PracticeSummary }) {
  const now = useNow()
  if (summary.cards === 0)
    return (
      <EmptyState
        icon={<ClipboardList className="size-8" aria-hidden />}
        title="No practice yet: take an exam"
      >
        <p>
          Every question you miss in an exam comes back here as a card, once the exam shows you your marks,
          and so do the Key ideas you add from a lesson. Answer each again when it is due, and it comes back
          less often as you remember it.
        </p>
        <ButtonLink to="/exams" className="mt-5">
          Go to the Exams Room
        </ButtonLink>
      </EmptyState>
    )
  return (
    <EmptyState
      icon={<Sparkles className="size-8" aria-hidden />}
      title={summary.nextDue ? `Nothing due — next card due ${dueText(summary.nextDue, now)}` : 'Nothing due'}
    >
      <p>
        You are up to date with your {countOf(summary.cards, 'card')}. Come back then, or take another exam.
      </p>
    </EmptyState>
  )
}
