import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#common/money.ts'
import { bookPath } from '#common/paths.ts'
import type { Overview } from '#common/schemas/overview.ts'
import { Card } from '#web/components/ui/card.tsx'
import { countOf } from '#web/lib/format.ts'
import { passRate } from '../lib/change.ts'

function TopList({
  id,
  title,
  empty,
  children,
}: {
  id: string
  title: string
  empty: string
  children: ReactNode[]
}) {
  return (
    <Card className="min-w-0 p-0!">
      <section aria-labelledby={id}>
        <h3 id={id} className="border-b border-stone-100 px-5 py-4 font-sans text-base font-medium">
          {title}
        </h3>
        {children.length === 0 ? (
          <p className="px-5 py-4 text-sm text-stone-600">{empty}</p>
        ) : (
          <ol className="divide-y divide-stone-100">{children}</ol>
        )}
      </section>
    </Card>
  )
}

function Item({ to, title, figures }: { to: string; title: string; figures: string[] }) {
  return (
    <li>
      <Link
        to={to}
        className="group block px-5 py-3 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50"
      >
        <span className="block font-medium break-words text-stone-900 group-hover:text-ink-800">{title}</span>
        <span className="mt-0.5 block text-xs text-stone-500 tabular-nums">{figures.join(' · ')}</span>
      </Link>
    </li>
  )
}

/** The period's best posts (by views), books (by sales) and exams (by attempts), each a link. */
export function TopItems({ overview }: { overview: Overview }) {
  const { posts, books, exams } = overview.top
  const inPeriod = `in the last ${overview.days} days`
  return (
    <section aria-labelledby="overview-top" className="space-y-3">
      <h2 id="overview-top" className="text-xl font-semibold">
        Top of the period
      </h2>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <TopList id="overview-top-posts" title="Top posts" empty={`No post was read ${inPeriod}.`}>
          {posts.map((post) => (
            <Item
              key={post.id}
              to={post.path}
              title={post.title}
              figures={[
                countOf(post.views, 'view'),
                countOf(post.likes, 'like'),
                countOf(post.comments, 'comment'),
              ]}
            />
          ))}
        </TopList>
        <TopList id="overview-top-books" title="Top books" empty={`No book sold ${inPeriod}.`}>
          {books.map((book) => (
            <Item
              key={book.id}
              to={bookPath(book.id)}
              title={book.title}
              figures={[countOf(book.sales, 'sale'), formatMoney(book.revenue, overview.currency)]}
            />
          ))}
        </TopList>
        <TopList id="overview-top-exams" title="Top exams" empty={`No exam taken ${inPeriod}.`}>
          {exams.map((exam) => (
            <Item
              key={exam.id}
              to={`/examroom/${encodeURIComponent(exam.id)}`}
              title={exam.title}
              figures={[
                countOf(exam.attempts, 'attempt'),
                `${passRate(exam.passes, exam.attempts) ?? 0}% passed`,
              ]}
            />
          ))}
        </TopList>
      </div>
    </section>
  )
}
