import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'

/**
 * The page numbers to show: the first, the last, and the current one with a neighbour on each side;
 * gaps become "…" (null). Short enough for a phone at any page count.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of shown) {
    const previous = out.at(-1)
    if (typeof previous === 'number' && n - previous === 2) out.push(n - 1)
    else if (typeof previous === 'number' && n - previous > 2) out.push(null)
    out.push(n)
  }
  return out
}

const ITEM = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium'

interface PaginationProps {
  page: number
  pageCount: number
  /** The address of a page. */
  hrefOf: (page: number) => string
  label?: string
}

/** Previous, numbered pages, Next, as links (each page has its own address). Nothing for one page. */
export function Pagination({ page, pageCount, hrefOf, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        // Past the end, Previous leads back to the last page.
        <Link
          to={hrefOf(Math.min(page - 1, pageCount))}
          className={`${ITEM} text-stone-700 hover:bg-stone-200/70`}
          rel="prev"
        >
          <ChevronLeft className="size-4" aria-hidden />{' '}
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Link>
      ) : (
        <span className={`${ITEM} text-stone-300`} aria-hidden="true">
          <ChevronLeft className="size-4" /> <span className="sr-only sm:not-sr-only">Previous</span>
        </span>
      )}
      <ol className="flex items-center gap-1">
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefOf(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={`${ITEM} ${n === page ? 'bg-ink-900 text-white' : 'text-stone-700 hover:bg-stone-200/70'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={`${ITEM} text-stone-700 hover:bg-stone-200/70`} rel="next">
          <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <span className={`${ITEM} text-stone-300`} aria-hidden="true">
          <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  )
}
