import { Mail } from 'lucide-react'
import type { NewsletterStats } from '#common/schemas/newsletters.ts'

/** How a post's newsletter went, in one compact line; nothing when it went to no one. */
export function NewsletterFigures({ stats }: { stats: NewsletterStats | undefined }) {
  if (!stats || stats.recipients === 0) return null
  const figures = [
    ['recipients', stats.recipients],
    ['sent', stats.sent],
    ['failed', stats.failed],
    ['bounced', stats.bounced],
    ['unsubscribed', stats.unsubscribes],
  ] as const
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
      <span className="inline-flex items-center gap-1.5 font-medium text-stone-700">
        <Mail className="size-3.5" aria-hidden /> Newsletter
      </span>
      <dl className="contents">
        {figures.map(([label, value]) => (
          // The term first for screen readers ("sent 12"), the number first on screen ("12 sent").
          <div key={label} className="inline-flex flex-row-reverse items-baseline gap-1">
            <dt>{label}</dt>
            <dd
              className={`tabular-nums ${value > 0 && (label === 'failed' || label === 'bounced') ? 'font-medium text-red-800' : 'font-medium text-stone-900'}`}
            >
              {value.toLocaleString('en')}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
