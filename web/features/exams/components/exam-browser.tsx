import { GraduationCap, Search, SearchX } from 'lucide-react'
import { useId } from 'react'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { useExams } from '../api/browse-exams.ts'
import type { ExamFilters } from '../api/exam-queries.ts'
import { ExamCardItem } from './exam-card.tsx'

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
const CONTROL =
  'h-11 rounded-lg border border-stone-300 bg-white text-[15px] shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none'

interface ExamBrowserProps {
  /** What is typed in the search box (the list follows `filters.q`, once typing pauses). */
  input: string
  onInput: (value: string) => void
  filters: ExamFilters
  onSubject: (subject: string | undefined) => void
  onClear: () => void
}

/** Published exams: a search box and a subject filter above a grid of cards, a page at a time. */
export function ExamBrowser({ input, onInput, filters, onSubject, onClear }: ExamBrowserProps) {
  const id = useId()
  const subjects = useSubjects()
  const exams = useExams(filters)
  const items = exams.data?.pages.flatMap((page) => page.items) ?? []
  const filtered = Boolean(filters.q || filters.subject)

  return (
    <div className="space-y-6">
      <search className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search exams
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            id={`${id}-q`}
            type="search"
            value={input}
            onChange={(event) => onInput(event.target.value)}
            placeholder="Search exams by title or topic"
            maxLength={200}
            className={`${CONTROL} w-full pr-4 pl-10`}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-subject`} className="text-sm font-medium text-stone-700">
            Subject
          </label>
          <select
            id={`${id}-subject`}
            value={filters.subject ?? ''}
            onChange={(event) => onSubject(event.target.value || undefined)}
            className={`${CONTROL} min-w-0 flex-1 pr-8 pl-3 sm:w-52 sm:flex-none`}
          >
            <option value="">All subjects</option>
            {subjects.data?.map((subject) => (
              <option key={subject.slug} value={subject.slug}>
                {subject.name}
              </option>
            ))}
            {filters.subject && !subjects.data?.some((s) => s.slug === filters.subject) && (
              <option value={filters.subject}>{filters.subject}</option>
            )}
          </select>
        </div>
      </search>

      {exams.isPending ? (
        <div className="flex justify-center py-16 text-ink-700">
          <Spinner size="lg" label="Loading exams…" />
        </div>
      ) : !exams.data ? (
        <QueryError what="the exams" error={exams.error} onRetry={() => void exams.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState icon={<SearchX className="size-8" aria-hidden />} title="No exams match">
            <p>Try other words or another subject.</p>
            <Button variant="secondary" className="mt-4" onClick={onClear}>
              Clear the search
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={<GraduationCap className="size-8" aria-hidden />} title="No exams published yet">
            <p>Write the first one: questions, answers and a clock, and readers can test themselves.</p>
            <ButtonLink to="/postexam" className="mt-4">
              Create an exam
            </ButtonLink>
          </EmptyState>
        )
      ) : (
        <>
          <ul className={GRID}>
            {items.map((exam) => (
              <li key={exam.id}>
                <ExamCardItem exam={exam} />
              </li>
            ))}
          </ul>
          <LoadMore pages={exams} />
          {exams.isFetchNextPageError && (
            <QueryError what="more exams" error={exams.error} onRetry={() => void exams.fetchNextPage()} />
          )}
        </>
      )}
    </div>
  )
}
