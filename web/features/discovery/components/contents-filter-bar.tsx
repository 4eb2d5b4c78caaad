import { X } from 'lucide-react'
import { useId } from 'react'
import { POST_CATEGORIES } from '#common/constants.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { CONTENTS_SORTS, type ContentsFilters, type ContentsSort } from '../contents-filters.ts'

const CATEGORY_OPTIONS: { value: PostCategory | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  ...POST_CATEGORIES.map((key) => ({
    value: key,
    label: { academic: 'Academic', fiction: 'Fiction', 'true-story': 'True stories' }[key],
  })),
]

const SELECT =
  'h-10 rounded-lg border border-stone-300 bg-white pr-8 pl-3 text-sm text-stone-900 shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none'

interface ContentsFilterBarProps {
  filters: ContentsFilters
  onChange: (filters: ContentsFilters) => void
}

/** Category, subject (academic only), tag and order of the list of everything published. */
export function ContentsFilterBar({ filters, onChange }: ContentsFilterBarProps) {
  const id = useId()
  const subjects = useSubjects()
  const academic = subjects.data?.filter((s) => s.kind === 'academic') ?? []
  const selectCategory = (key: PostCategory | 'all') =>
    onChange({ ...filters, category: key === 'all' ? undefined : key, subject: undefined })

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SegmentedControl
          legend="Category"
          overflow="scroll"
          options={CATEGORY_OPTIONS}
          value={filters.category ?? 'all'}
          onChange={selectCategory}
        />
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-stone-700">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className={SELECT}
            value={filters.sort}
            onChange={(event) => onChange({ ...filters, sort: event.target.value as ContentsSort })}
          >
            {CONTENTS_SORTS.map((sort) => (
              <option key={sort.key} value={sort.key}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {(filters.category === 'academic' || filters.tag) && (
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-100 pt-4">
          {filters.category === 'academic' && (
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-subject`} className="text-sm font-medium text-stone-700">
                Subject
              </label>
              <select
                id={`${id}-subject`}
                className={SELECT}
                value={filters.subject ?? ''}
                onChange={(event) => onChange({ ...filters, subject: event.target.value || undefined })}
              >
                <option value="">All subjects</option>
                {academic.map((subject) => (
                  <option key={subject.slug} value={subject.slug}>
                    {subject.name}
                  </option>
                ))}
                {/* A subject from a link that is not (or not yet) in the list still shows as chosen. */}
                {filters.subject && !academic.some((s) => s.slug === filters.subject) && (
                  <option value={filters.subject}>{filters.subject}</option>
                )}
              </select>
            </div>
          )}
          {filters.tag && (
            <span className="inline-flex items-center gap-1 rounded-full bg-ink-50 py-1 pr-1 pl-3 text-sm font-medium text-ink-800 ring-1 ring-ink-100">
              Tagged #{filters.tag}
              <button
                type="button"
                aria-label={`Remove tag ${filters.tag}`}
                onClick={() => onChange({ ...filters, tag: undefined })}
                className="inline-flex size-6 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </span>
          )}
        </div>
      )}
    </div>
  )
}
