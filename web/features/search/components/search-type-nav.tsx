import { Link } from 'react-router'
import {
  LIVE_SEARCH_TYPES,
  type LiveSearchType,
  SEARCH_TYPE_LABELS,
  searchPath,
  UPCOMING_SEARCH_TYPES,
} from '../search-types.ts'

const ITEM =
  '-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium sm:px-4'

/**
 * The result types as links (each tab is its own address), then the types still to come: shown,
 * not clickable, each saying what brings it.
 */
export function SearchTypeNav({ query, active }: { query: string; active: LiveSearchType }) {
  return (
    // Relative: the screen-reader-only text is positioned, and must scroll with the tabs on a
    // phone instead of widening the page.
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
        {UPCOMING_SEARCH_TYPES.map(({ type, arrivesWith }) => (
          <li key={type} className="flex" title={`Arrives with ${arrivesWith}`}>
            <span className={`${ITEM} cursor-not-allowed border-transparent text-stone-500`}>
              {SEARCH_TYPE_LABELS[type]}
              <span
                aria-hidden="true"
                className="rounded-full bg-stone-100 px-1.5 text-[11px] leading-5 font-medium text-stone-600"
              >
                Soon
              </span>
              <span className="sr-only">(arrives with {arrivesWith})</span>
            </span>
          </li>
        ))}
      </ul>
    </nav>
  )
}
