import { Check } from 'lucide-react'
import type { QuestionStatistic } from '#common/schemas/exam-statistics.ts'
import { countOf } from '#web/lib/format.ts'
import { formatShare } from '../lib/statistics-notes.ts'

interface Bar {
  key: string
  label: string
  right: boolean
  count: number
  percent: number
}

/** What takers answered to one question: each option (or common short answer) with its count and share. */
export function ResponseBars({ question }: { question: QuestionStatistic }) {
  const short = question.kind === 'short'
  const bars: Bar[] = short
    ? question.topAnswers.map((a) => ({ key: a.text, label: a.text, right: a.accepted, ...a }))
    : question.options.map((o) => ({ key: o.id, label: o.text, right: o.correct, ...o }))
  const listed = bars.reduce((sum, bar) => sum + bar.count, 0)
  const others = short ? question.answered - listed : 0
  const blank = question.seen - question.answered
  return (
    <div className="space-y-2 py-1">
      {short && bars.length === 0 ? (
        <p className="text-sm text-stone-600">Nobody has answered it yet.</p>
      ) : (
        <ul className="space-y-2" aria-label={short ? 'Most common answers' : 'Options chosen'}>
          {bars.map((bar) => (
            <li key={bar.key} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words text-stone-800">
                  {bar.label}
                  {bar.right && (
                    <span className="ml-2 inline-flex items-center gap-0.5 text-xs font-semibold text-emerald-800">
                      <Check className="size-3.5" aria-hidden /> {short ? 'accepted' : 'right answer'}
                    </span>
                  )}
                </span>
                <span className="shrink-0 text-stone-600 tabular-nums">
                  {bar.count.toLocaleString('en')} · {formatShare(bar.percent)}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-stone-100">
                <div
                  className={`h-full rounded-full ${bar.right ? 'bg-emerald-600' : 'bg-stone-400'}`}
                  style={{ width: `${Math.min(100, bar.percent)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {(others > 0 || blank > 0) && (
        <p className="text-xs text-stone-600">
          {others > 0 && `${countOf(others, 'taker')} gave other answers. `}
          {blank > 0 && `${countOf(blank, 'taker')} left it blank.`}
        </p>
      )}
      {!short && question.kind === 'multiple' && (
        <p className="text-xs text-stone-600">
          A taker may choose several options, so the shares can add up to more than 100%.
        </p>
      )}
    </div>
  )
}
