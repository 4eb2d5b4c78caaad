import { Search, X } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { BOOK_SORTS } from '#common/constants.ts'
import type { BookCategory, BookSort } from '#common/schemas/books.ts'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { CATALOGUE_SORTS, type PriceFilter, type StoreFilters } from '../catalogue-filters.ts'

const CATEGORY_OPTIONS: { value: BookCategory | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'academic', label: 'Academic' },
  { value: 'fiction', label: 'Fiction' },
  { value: 'true-story', label: 'True stories' },
]

const PRICE_OPTIONS: { value: PriceFilter | 'any'; label: string }[] = [
  { value: 'any', label: 'Any price' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
]

const SELECT =
  'h-10 min-w-0 rounded-lg border border-stone-300 bg-white pr-8 pl-3 text-sm text-stone-900 shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none'

interface CatalogueFilterBarProps {
  filters: StoreFilters
  onChange: (filters: StoreFilters) => void
}

/** Search, category (and subject for academic books), free or paid, and the order of the store. */
export function CatalogueFilterBar({ filters, onChange }: CatalogueFilterBarProps) {
  const id = useId()
  const subjects = useSubjects()
  const academic = subjects.data?.filter((s) => s.kind === 'academic') ?? []
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5">
      {/* Remounted when the address's search changes (Clear filters, Back), so the box shows it. */}
      <SearchBox
        key={filters.q ?? ''}
        value={filters.q ?? ''}
        onSearch={(q) => onChange({ ...filters, q })}
      />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <SegmentedControl
          legend="Category"
          overflow="scroll"
          options={CATEGORY_OPTIONS}
          value={filters.category ?? 'all'}
          onChange={(key) =>
            onChange({ ...filters, category: key === 'all' ? undefined : key, subject: undefined })
          }
        />
        <SegmentedControl
          legend="Price"
          overflow="scroll"
          options={PRICE_OPTIONS}
          value={filters.price ?? 'any'}
          onChange={(key) => onChange({ ...filters, price: key === 'any' ? undefined : key })}
        />
        <div className="flex items-center gap-2 lg:ml-auto">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-stone-700">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className={SELECT}
            value={filters.sort}
            onChange={(event) => {
              const sort = event.target.value as BookSort
              if (BOOK_SORTS.includes(sort)) onChange({ ...filters, sort })
            }}
          >
            {CATALOGUE_SORTS.map((sort) => (
              <option key={sort.key} value={sort.key}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filters.category === 'academic' && (
        <div className="flex flex-wrap items-center gap-2 border-t border-stone-100 pt-4">
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
            {filters.subject && !academic.some((s) => s.slug === filters.subject) && (
              <option value={filters.subject}>{filters.subject}</option>
            )}
          </select>
        </div>
      )}
    </div>
  )
}

/** The search box: the store searches when the reader asks (Enter or the button), not per key. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(value)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(text.trim() || undefined)
  }
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search books"
            placeholder="Title, subtitle or description"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            className="h-10 w-full rounded-lg border border-stone-300 bg-white pr-9 pl-9 text-sm text-stone-900 shadow-xs [&::-webkit-search-cancel-button]:hidden focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
          />
          {text && (
            <button
              type="button"
              aria-label="Clear the search"
              onClick={() => {
                setText('')
                if (value) onSearch(undefined)
              }}
              className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 hover:text-stone-800"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
        <button
          type="submit"
          className="h-10 shrink-0 rounded-lg bg-ink-900 px-4 text-sm font-medium text-white shadow-sm hover:bg-ink-800"
        >
          Search
        </button>
      </form>
    </search>
  )
}
