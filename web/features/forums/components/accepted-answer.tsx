import { CircleCheck } from 'lucide-react'
import { Link } from 'react-router'
import { threadPath } from '#common/paths.ts'
import type { Thread } from '#common/schemas/forums.ts'

/** Near the top: the reply the thread's author accepted, with the way to it. */
export function AcceptedAnswer({ thread }: { thread: Thread }) {
  const accepted = thread.acceptedReply
  if (!accepted) return null
  return (
    <section
      aria-labelledby="accepted-answer-title"
      className="rounded-2xl border border-emerald-200 bg-emerald-50/70 px-5 py-4"
    >
      <h2
        id="accepted-answer-title"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-800"
      >
        <CircleCheck className="size-4" aria-hidden /> Accepted answer
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        by <span className="font-medium text-stone-800">{accepted.author.name}</span>
      </p>
      {accepted.excerpt !== null && <p className="mt-2 text-stone-800">{accepted.excerpt}</p>}
      <Link
        to={threadPath(thread.subjectSlug, thread.id, accepted.page, accepted.replyId)}
        className="mt-2 inline-block text-sm font-medium text-ink-700 hover:text-ink-900 hover:underline"
      >
        Read the answer (#{accepted.position})
      </Link>
    </section>
  )
}
