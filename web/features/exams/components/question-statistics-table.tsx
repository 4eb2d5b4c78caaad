import { AlertTriangle, ChevronDown } from 'lucide-react'
import { Fragment, useId, useState } from 'react'
import type { QuestionStatistic } from '#common/schemas/exam-statistics.ts'
import { QUESTION_KIND_LABELS } from '#common/schemas/exams.ts'
import { DataTable } from '#web/components/ui/table.tsx'
import { FLAG_LABELS, formatIndex, formatShare } from '../lib/statistics-notes.ts'
import { ResponseBars } from './response-bars.tsx'

const COLUMNS = 5

const figure = (value: number | null, format: (value: number) => string) =>
  value === null ? '—' : format(value)

function QuestionRow({ question: q }: { question: QuestionStatistic }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <Fragment>
      <tr className="align-top">
        <th scope="row" className="py-2.5 pr-3 text-left font-medium text-stone-500 tabular-nums">
          {q.number}
        </th>
        <td className="py-2.5 pr-3 sm:min-w-48">
          <span className="line-clamp-2 text-stone-800">{q.prompt}</span>
          <span className="mt-0.5 block text-xs text-stone-500">
            {QUESTION_KIND_LABELS[q.kind]} · answered by {q.answered.toLocaleString('en')} of{' '}
            {q.seen.toLocaleString('en')}
          </span>
          {/* On a phone the two figures sit under the question instead of in their own columns. */}
          <span className="mt-1 block text-sm text-stone-700 tabular-nums sm:hidden">
            Facility {figure(q.facility, formatShare)} · Discrimination{' '}
            {figure(q.discrimination, formatIndex)}
          </span>
          {q.flags.length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Flags">
              {q.flags.map((flag) => (
                <li
                  key={flag}
                  className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
                >
                  <AlertTriangle className="size-3" aria-hidden /> {FLAG_LABELS[flag]}
                </li>
              ))}
            </ul>
          )}
        </td>
        <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums max-sm:hidden">
          {figure(q.facility, formatShare)}
        </td>
        <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums max-sm:hidden">
          {figure(q.discrimination, formatIndex)}
        </td>
        <td className="py-2.5 text-right">
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-ink-800 hover:bg-stone-100"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`Answers to question ${q.number}`}
            onClick={() => setOpen((o) => !o)}
          >
            Answers
            <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
          </button>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open}>
        <td colSpan={COLUMNS} className="bg-stone-50/70 px-3 pb-3">
          {open && <ResponseBars question={q} />}
        </td>
      </tr>
    </Fragment>
  )
}

/**
 * Each question's facility (mean score as a share of its points) and discrimination (how its score
 * moves with the rest of the exam's), its flags in words, and what takers answered, one click away.
 */
export function QuestionStatisticsTable({ questions }: { questions: QuestionStatistic[] }) {
  return (
    <DataTable
      variant="plain"
      caption="Each question's facility, discrimination and flags; expand a row for what takers answered"
      columns={[
        { label: '#' },
        { label: 'Question' },
        { label: 'Facility', align: 'right', className: 'max-sm:hidden' },
        { label: 'Discrimination', align: 'right', className: 'max-sm:hidden' },
        { label: <span className="sr-only">Answers</span>, align: 'right' },
      ]}
    >
      {questions.map((q) => (
        <QuestionRow key={q.id} question={q} />
      ))}
    </DataTable>
  )
}
