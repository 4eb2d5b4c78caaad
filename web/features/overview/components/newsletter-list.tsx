import { Mail } from 'lucide-react'
import { Link } from 'react-router'
import type { Overview } from '#common/schemas/overview.ts'
import { NewsletterFigures } from '#web/components/newsletter-figures.tsx'
import { Card } from '#web/components/ui/card.tsx'
import { formatLongDate } from '#web/lib/format.ts'

/** The period's newsletters: each post e-mailed to subscribers, newest first, and how it went. */
export function NewsletterList({ overview }: { overview: Overview }) {
  const { newsletters } = overview
  return (
    <section aria-labelledby="overview-newsletters" className="space-y-3">
      <h2 id="overview-newsletters" className="text-xl font-semibold">
        Newsletters
      </h2>
      <Card className="p-0!">
        {newsletters.length === 0 ? (
          <div className="flex gap-3 px-5 py-4 text-sm text-stone-600">
            <Mail className="mt-0.5 size-4 shrink-0 text-stone-400" aria-hidden />
            <p>
              No post was e-mailed to your subscribers in the last {overview.days} days. Publish one with
              “Email this post to my subscribers” and you will see here how many it reached.
            </p>
          </div>
        ) : (
          <ol className="divide-y divide-stone-100">
            {newsletters.map((newsletter) => (
              <li key={newsletter.postId} className="px-5 py-4">
                <Link
                  to={newsletter.path}
                  className="font-medium break-words text-stone-900 hover:text-ink-800 hover:underline"
                >
                  {newsletter.title}
                </Link>
                <p className="mt-0.5 text-xs text-stone-500">Mailed {formatLongDate(newsletter.mailedAt)}</p>
                <NewsletterFigures stats={newsletter} />
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  )
}
