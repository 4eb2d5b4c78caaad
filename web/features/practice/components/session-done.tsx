import { CalendarClock, CircleCheckBig } from 'lucide-react'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { countOf } from '#web/lib/format.ts'
import { useNow } from '#web/lib/relative-time.ts'
import { usePracticeSummary } from '../api/practice.ts'
import { dueText } from '../lib/due-text.ts'

/** The end of a session: how many cards, how many right, and when the next ones are due. */
export function SessionDone({ done, right, onAgain }: { done: number; right: number; onAgain: () => void }) {
  const summary = usePracticeSummary()
  const now = useNow()
  const due = summary.data?.due ?? 0
  const next = summary.data?.nextDue
  return (
    <section
      aria-labelledby="session-done-title"
      className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10"
    >
      <CircleCheckBig className="mx-auto size-8 text-ink-700" aria-hidden />
      <h2 id="session-done-title" className="mt-3 font-serif text-2xl font-semibold">
        Session done
      </h2>
      <p className="mt-2 text-stone-700">
        {countOf(done, 'card')} practised: {right} right, {done - right} not yet.
      </p>
      <p role="status" className="mt-4 inline-flex items-center gap-2 text-[15px] text-stone-700">
        <CalendarClock className="size-4 text-stone-500" aria-hidden />
        {summary.isPending
          ? 'Working out when the next cards are due…'
          : due > 0
            ? `${countOf(due, 'card')} due now.`
            : next
              ? `Next card due ${dueText(next, now)}.`
              : 'Nothing else is scheduled.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {due > 0 && <Button onClick={onAgain}>Practise the next {countOf(Math.min(due, 20), 'card')}</Button>}
        <ButtonLink to="/dashboard" variant={due > 0 ? 'secondary' : 'primary'}>
          Back to your dashboard
        </ButtonLink>
      </div>
    </section>
  )
}
