import { ChevronRight } from 'lucide-react'
import { Fragment } from 'react'
import { Link } from 'react-router'

interface Crumb {
  label: string
  to?: string
}

/** Forums › Mathematics › the thread: where this page sits; the last crumb is the page itself. */
export function ForumBreadcrumb({ trail }: { trail: Crumb[] }) {
  const crumbs: Crumb[] = [{ label: 'Forums', to: '/forum' }, ...trail]
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-stone-600">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1
          return (
            <Fragment key={crumb.to ?? 'here'}>
              <li className={last ? 'min-w-0 truncate' : undefined}>
                {crumb.to && !last ? (
                  <Link to={crumb.to} className="font-medium text-ink-700 hover:text-ink-900 hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current={last ? 'page' : undefined} className="text-stone-700">
                    {crumb.label}
                  </span>
                )}
              </li>
              {!last && (
                <li aria-hidden="true" className="text-stone-400">
                  <ChevronRight className="size-4" />
                </li>
              )}
            </Fragment>
          )
        })}
      </ol>
    </nav>
  )
}
