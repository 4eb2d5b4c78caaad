import { CalendarDays, Link2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { WriterProfile } from '#common/schemas/writers.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "https://www.grace.example.com/about/" → "grace.example.com/about": what a link shows. */
export function linkLabel(url: string): string {
  try {
    const { hostname, pathname } = new URL(url)
    return `${hostname.replace(/^www\./, '')}${pathname.replace(/\/+$/, '')}`
  } catch {
    return url
  }
}

/**
 * The top of a writer page: who they are, where else to find them, and their totals. `action`
 * sits beside the name (Edit profile for the writer, Subscribe for a reader).
 */
export function WriterHeader({ writer, action }: { writer: WriterProfile; action?: ReactNode }) {
  const stats = [
    { label: writer.posts === 1 ? 'post' : 'posts', value: writer.posts },
    { label: writer.likes === 1 ? 'like' : 'likes', value: writer.likes },
    { label: writer.views === 1 ? 'view' : 'views', value: writer.views },
    { label: writer.comments === 1 ? 'comment' : 'comments', value: writer.comments },
  ]
  return (
    <header className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:gap-7">
        <Avatar name={writer.name} image={writer.image} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">Writer</p>
              <h1 className="mt-1 text-3xl font-semibold break-words sm:text-4xl">{writer.name}</h1>
            </div>
            {action && <div className="shrink-0">{action}</div>}
          </div>
          {writer.bio ? (
            <p className="mt-3 max-w-2xl leading-relaxed whitespace-pre-line text-stone-700">{writer.bio}</p>
          ) : (
            <p className="mt-3 text-stone-500 italic">No bio yet.</p>
          )}
          <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-stone-600">
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 text-stone-400" aria-hidden />
              Joined <time dateTime={writer.joinedAt}>{monthYear.format(new Date(writer.joinedAt))}</time>
            </li>
            {writer.links.map((url) => (
              <li key={url} className="min-w-0">
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex max-w-full items-center gap-1.5 text-ink-700 hover:underline"
                >
                  <Link2 className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{linkLabel(url)}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 border-t border-stone-100 pt-6 sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="flex flex-col-reverse rounded-xl bg-stone-50 px-4 py-3">
            <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{s.label}</dt>
            <dd className="mb-0.5 font-serif text-2xl font-semibold text-stone-900 tabular-nums">
              {s.value.toLocaleString('en')}
            </dd>
          </div>
        ))}
      </dl>
    </header>
  )
}
