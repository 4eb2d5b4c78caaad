import { Eye } from 'lucide-react'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { DataTable } from '#web/components/ui/table.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { useExamStats } from '../api/author-exams.ts'
import { formatPercent } from '../format.ts'
import { ResultBadge } from './result-badge.tsx'

const pct = (value: number | null) => (value === null ? '—' : formatPercent(Math.round(value)))

/** One of my exams in numbers: takers, average, pass rate, the most-missed questions, and recent attempts. */
export function ExamStatsPanel({ examId, id }: { examId: string; id: string }) {
  const stats = useExamStats(examId, true)
  if (stats.isPending)
    return (
      <div id={id} className="flex justify-center py-6 text-ink-700">
        <Spinner label="Loading statistics…" />
      </div>
    )
  if (stats.error)
    return (
      <div id={id}>
        <Alert>We couldn't load the statistics. {stats.error.message}</Alert>
      </div>
    )
  const data = stats.data
  const figures = [
    { label: 'Attempts', value: String(data.attempts) },
    { label: 'Takers', value: String(data.takers) },
    { label: 'Average', value: pct(data.averagePercent) },
    { label: 'Pass rate', value: pct(data.passRate) },
  ]
  return (
    <div id={id} className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl bg-stone-50 px-4 py-3">
            <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>

      <section>
        <h4 className="text-sm font-semibold text-stone-900">Hardest questions</h4>
        {data.hardestQuestions.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">
            Once people answer, the most-missed questions show here.
          </p>
        ) : (
          <ol className="mt-2 space-y-2">
            {data.hardestQuestions.map((question) => (
              <li key={question.id} className="text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="line-clamp-1 text-stone-800">{question.prompt}</span>
                  <span className="shrink-0 text-stone-600 tabular-nums">
                    {formatPercent(Math.round(question.correctRate))} right
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-stone-100">
                  <div
                    className="h-full rounded-full bg-ink-700"
                    style={{ width: `${question.correctRate}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section>
        <h4 className="text-sm font-semibold text-stone-900">Recent attempts</h4>
        {data.recentAttempts.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">Nobody has handed in an attempt yet.</p>
        ) : (
          <div className="mt-2">
            <DataTable
              variant="plain"
              caption="The latest attempts handed in"
              columns={[
                { label: 'Taker' },
                { label: 'Score' },
                {
                  label: (
                    <span className="inline-flex items-center gap-1">
                      <Eye className="size-3.5" aria-hidden /> Left the tab
                    </span>
                  ),
                },
                { label: 'Handed in' },
              ]}
            >
              {data.recentAttempts.map((attempt) => (
                <tr key={attempt.id}>
                  <td className="py-2 pr-3 font-medium text-stone-800">{attempt.user.name}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <span className="tabular-nums">{formatPercent(attempt.percent)}</span>{' '}
                    <ResultBadge passed={attempt.passed} />
                  </td>
                  <td
                    className={`py-2 pr-3 tabular-nums ${attempt.tabSwitches > 0 ? 'font-semibold text-amber-800' : 'text-stone-600'}`}
                  >
                    {attempt.tabSwitches === 0 ? 'Never' : `${attempt.tabSwitches}×`}
                  </td>
                  <td className="py-2 whitespace-nowrap text-stone-600">
                    <time dateTime={attempt.submittedAt}>{formatDateTime(attempt.submittedAt)}</time>
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </section>
    </div>
  )
}
