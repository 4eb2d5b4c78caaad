import { AlertTriangle, BarChart3, CheckCircle2, Download, Eye, Info, XCircle } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { EXAM_STATS_DISCRIMINATION_MIN, EXAM_STATS_FACILITY_RANGE } from '#common/constants.ts'
import type { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import type { ExamStats } from '#common/schemas/exams.ts'
import { buttonClass } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { DataTable } from '#web/components/ui/table.tsx'
import { countOf, formatDateTime } from '#web/lib/format.ts'
import { useExamStatistics, useExamStats } from '../api/author-exams.ts'
import { examPaths } from '../api/paths.ts'
import { formatPercent } from '../format.ts'
import {
  type CicReading,
  cicReading,
  formatIndex,
  formatShare,
  statisticsWarnings,
  tooFewNotice,
} from '../lib/statistics-notes.ts'
import { QuestionStatisticsTable } from './question-statistics-table.tsx'
import { ResultBadge } from './result-badge.tsx'

const pct = (value: number | null) => (value === null ? '—' : formatShare(value))

const VERDICT_STYLE: Record<CicReading['tone'], { icon: typeof Info; className: string }> = {
  good: { icon: CheckCircle2, className: 'text-emerald-800' },
  warn: { icon: Info, className: 'text-amber-800' },
  bad: { icon: XCircle, className: 'text-red-800' },
  none: { icon: Info, className: 'text-stone-600' },
}

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rounded-xl bg-stone-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{value}</dd>
      {note && <dd className="mt-0.5 text-xs">{note}</dd>}
    </div>
  )
}

/** The exam as a whole: how many took it, how they did, and whether its questions agree. */
function Summary({ stats, statistics: s }: { stats: ExamStats; statistics: ExamStatistics }) {
  const cic = cicReading(s)
  const { icon: VerdictIcon, className } = VERDICT_STYLE[cic.tone]
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="sr-only">
        The exam as a whole
      </h4>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Attempts" value={stats.attempts.toLocaleString('en')} />
        <Figure label="Takers" value={s.takers.toLocaleString('en')} />
        <Figure label="Pass rate" value={pct(stats.passRate)} />
        <Figure label="Mean score" value={pct(s.meanPercent)} />
        <Figure label="Spread (SD)" value={pct(s.sdPercent)} />
        <Figure
          label="Consistency (CIC)"
          value={cic.value}
          note={
            <span className={`inline-flex items-start gap-1 font-medium ${className}`}>
              <VerdictIcon className="mt-px size-3.5 shrink-0" aria-hidden /> {cic.verdict}
            </span>
          }
        />
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        Mean, spread, consistency and the questions below count each taker's first attempt at this version (
        {countOf(s.takers, 'taker')}, {countOf(s.attempts, 'attempt')} in all), as Moodle's quiz statistics
        do: later attempts follow a first look at the questions.
      </p>
    </section>
  )
}

function Warnings({ statistics }: { statistics: ExamStatistics }) {
  const notice = tooFewNotice(statistics)
  const warnings = statisticsWarnings(statistics)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h4 id={headingId} className="text-sm font-semibold text-stone-900">
        What to look at
      </h4>
      {notice && (
        <p className="flex gap-2 rounded-xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-semibold">Too few takers to trust yet.</span> {notice}
          </span>
        </p>
      )}
      {warnings.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          <CheckCircle2 className="size-4 text-emerald-700" aria-hidden /> Nothing stands out: every question
          is within the usual ranges.
        </p>
      ) : (
        <ul className="space-y-2">
          {warnings.map((w) => (
            <li key={w.key} className="flex gap-2 text-sm text-stone-800">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
              <span>{w.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function RecentAttempts({ attempts }: { attempts: ExamStats['recentAttempts'] }) {
  return (
    <section>
      <h4 className="text-sm font-semibold text-stone-900">Recent attempts</h4>
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
            { label: 'Handed in', className: 'max-sm:hidden' },
          ]}
        >
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td className="py-2 pr-3 font-medium text-stone-800">
                {attempt.user.name}
                <time
                  dateTime={attempt.submittedAt}
                  className="block text-xs font-normal text-stone-500 sm:hidden"
                >
                  {formatDateTime(attempt.submittedAt)}
                </time>
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <span className="tabular-nums">{formatPercent(attempt.percent)}</span>{' '}
                <ResultBadge passed={attempt.passed} />
              </td>
              <td
                className={`py-2 pr-3 tabular-nums ${attempt.tabSwitches > 0 ? 'font-semibold text-amber-800' : 'text-stone-600'}`}
              >
                {attempt.tabSwitches === 0 ? 'Never' : `${attempt.tabSwitches}×`}
              </td>
              <td className="py-2 whitespace-nowrap text-stone-600 max-sm:hidden">
                <time dateTime={attempt.submittedAt}>{formatDateTime(attempt.submittedAt)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </section>
  )
}

/**
 * One of my exams in numbers (decision 048): the exam as a whole (attempts, mean, spread, CIC and
 * its verdict), what deserves a look in plain words, each question's facility and discrimination
 * with what takers answered, the CSV, and the latest attempts.
 */
export function ExamStatsPanel({ examId, id }: { examId: string; id: string }) {
  const stats = useExamStats(examId, true)
  const statistics = useExamStatistics(examId, true)
  const questionsHeadingId = useId()
  if (stats.isPending || statistics.isPending)
    return (
      <div id={id} className="flex justify-center py-6 text-ink-700">
        <Spinner label="Loading statistics…" />
      </div>
    )
  if (!stats.data || !statistics.data)
    return (
      <div id={id}>
        <QueryError
          what="the statistics"
          error={stats.error ?? statistics.error}
          onRetry={() => {
            if (stats.error) void stats.refetch()
            if (statistics.error) void statistics.refetch()
          }}
        />
      </div>
    )
  const s = statistics.data
  if (s.takers === 0)
    return (
      <div id={id}>
        <EmptyState icon={<BarChart3 className="size-8" aria-hidden />} title="No attempts yet">
          Once someone hands in an attempt at this version, how they did and how each question works show
          here.
        </EmptyState>
      </div>
    )
  return (
    <div id={id} className="space-y-6">
      <Summary stats={stats.data} statistics={s} />
      <Warnings statistics={s} />
      <section aria-labelledby={questionsHeadingId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={questionsHeadingId} className="text-sm font-semibold text-stone-900">
            Question by question
          </h4>
          <a href={examPaths.statisticsCsv(examId)} download className={buttonClass('secondary', 'sm')}>
            <Download className="size-4" aria-hidden /> Download CSV
          </a>
        </div>
        <p className="mt-1 text-xs text-stone-600">
          Facility is the mean score as a share of the question's points (flagged below{' '}
          {EXAM_STATS_FACILITY_RANGE.min}% or above {EXAM_STATS_FACILITY_RANGE.max}%). Discrimination runs
          from −1 to 1: how closely doing well on the question goes with doing well on the rest of the exam
          (flagged below {formatIndex(EXAM_STATS_DISCRIMINATION_MIN)}).
        </p>
        <div className="mt-2">
          <QuestionStatisticsTable questions={s.questions} />
        </div>
      </section>
      <RecentAttempts attempts={stats.data.recentAttempts} />
    </div>
  )
}
