import { MessageSquare, MessagesSquare } from 'lucide-react'
import { Link } from 'react-router'
import { threadPath } from '#common/paths.ts'
import type { ForumHit } from '#common/schemas/forums.ts'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { SnippetText } from './snippet-text.tsx'

/**
 * A thread or a reply that matched a search: the thread's title (linking to the thread, or to the
 * reply on its page), its forum, who wrote what matched and when, and the snippet.
 */
export function ForumHitCard({ hit }: { hit: ForumHit }) {
  const Icon = hit.replyId ? MessageSquare : MessagesSquare
  return (
    <article className="relative rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-ink-200 hover:shadow-md">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-medium text-stone-500">
        <span className="rounded-full bg-ink-50 px-2 py-0.5 text-ink-800 ring-1 ring-ink-100">
          {hit.subject.name}
        </span>
        <span className="inline-flex items-center gap-1">
          <Icon className="size-3.5" aria-hidden />
          {hit.replyId ? 'Reply' : 'Thread'} by {hit.author.name}
        </span>
        <span aria-hidden>·</span>
        <TimeAgo iso={hit.createdAt} />
      </p>
      <h3 className="mt-2 text-lg leading-snug font-semibold text-stone-900">
        {/* The whole card is the link's target area; the title alone is its accessible name. */}
        <Link
          to={threadPath(hit.subject.slug, hit.threadId, hit.page, hit.replyId ?? undefined)}
          className="underline-offset-4 after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ink-600"
        >
          {hit.threadTitle}
        </Link>
      </h3>
      {hit.snippet.length > 0 && (
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-stone-600">
          <SnippetText snippet={hit.snippet} />
        </p>
      )}
    </article>
  )
}
