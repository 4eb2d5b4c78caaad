import { ArrowRight } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'

interface ShelfProps {
  title: string
  description?: ReactNode
  /** A link to the full list ("See all"). */
  more?: { to: string; label: string }
  children: ReactNode
}

/** A titled section of a page holding posts. */
export function Shelf({ title, description, more, children }: ShelfProps) {
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
            {title}
          </h2>
          {description && <p className="mt-1.5 max-w-2xl text-stone-600">{description}</p>}
        </div>
        {more && (
          <Link
            to={more.to}
            className="group inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
          >
            {more.label}
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        )}
      </div>
      {children}
    </section>
  )
}
