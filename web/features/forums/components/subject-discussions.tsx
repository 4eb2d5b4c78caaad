import { ArrowRight, MessagesSquare } from 'lucide-react'
import { Link } from 'react-router'
import { forumPath } from '#common/paths.ts'
import { SHOWN } from '#common/query-keys.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useRecentThreads } from '../api/forums.ts'
import { ThreadList } from './thread-list.tsx'

/** A subject hub's Discussions: its forum's latest threads, the way to the rest and to start one. */
export function SubjectDiscussions({ slug, name }: { slug: string; name: string }) {
  const threads = useRecentThreads(slug, SHOWN.subjectThreads)
  // The hub stands without its forum: a forum that cannot be read is left out.
  if (threads.isError) return null
  const items = threads.data?.items.slice(0, SHOWN.subjectThreads) ?? []
  return (
    <section aria-labelledby="subject-discussions-title">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id="subject-discussions-title" className="text-2xl font-semibold sm:text-3xl">
          Discussions
        </h2>
        <div className="flex flex-wrap items-center gap-4">
          <Link
            to={forumPath(slug)}
            className="inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
          >
            The {name} forum
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <ButtonLink to={`${forumPath(slug)}?new=1`} size="sm" variant="secondary">
            Start a discussion
          </ButtonLink>
        </div>
      </div>
      {threads.isPending ? null : (
        <ThreadList
          threads={items}
          empty={
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-10 text-center">
              <MessagesSquare className="mb-2 size-8 text-stone-400" aria-hidden />
              <p className="font-serif text-lg text-stone-800">No discussions in {name} yet</p>
              <p className="mt-1 text-sm text-stone-600">
                Have a question about {name}? Ask it: someone will know.
              </p>
            </div>
          }
        />
      )}
    </section>
  )
}
