import { Link } from 'react-router'
import { LIVE_SEARCH_TYPES, type LiveSearchType, SEARCH_TYPE_LABELS, searchPath } from '../search-types.ts'

const ITEM =
  '-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium sm:px-4'

/** The result types as links: each tab is its own address. */
export function SearchTypeNav({ query, active }: { query: string; active: LiveSearchType }) {
  return (
    <nav aria-label="Result types" className="relative overflow-x-auto">
      <ul className="flex min-w-max border-b border-stone-200">
        {LIVE_SEARCH_TYPES.map((type) => (
          <li key={type} className="flex">
            <Link
              to={searchPath(query, type)}
              aria-current={type === active ? 'page' : undefined}
              className={`${ITEM} transition-colors ${type === active ? 'border-ink-800 text-ink-900' : 'border-transparent text-stone-500 hover:text-stone-800'}`}
            >
              {SEARCH_TYPE_LABELS[type]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
