import { CircleCheck, Lock, Pin } from 'lucide-react'
import type { ThreadSummary } from '#common/schemas/forums.ts'

const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium'

/** Pinned, Locked, Answered: the thread's state, as small labelled pills. */
export function ThreadBadges({ thread }: { thread: Pick<ThreadSummary, 'pinned' | 'locked' | 'answered'> }) {
  if (!thread.pinned && !thread.locked && !thread.answered) return null
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {thread.pinned && (
        <span className={`${BADGE} bg-accent-400/20 text-stone-800`}>
          <Pin className="size-3.5" aria-hidden /> Pinned
        </span>
      )}
      {thread.locked && (
        <span className={`${BADGE} bg-stone-200 text-stone-700`}>
          <Lock className="size-3.5" aria-hidden /> Locked
        </span>
      )}
      {thread.answered && (
        <span className={`${BADGE} bg-emerald-100 text-emerald-800`}>
          <CircleCheck className="size-3.5" aria-hidden /> Answered
        </span>
      )}
    </span>
  )
}

/** "New" for a thread never opened, "3 new" for replies since the last visit; nothing once read. */
export function ReadMarker({ thread }: { thread: Pick<ThreadSummary, 'readState' | 'newReplies'> }) {
  if (thread.readState === 'unseen') return <span className={`${BADGE} bg-ink-900 text-white`}>New</span>
  if (thread.readState === 'unread' && thread.newReplies > 0)
    return (
      <span className={`${BADGE} bg-ink-100 text-ink-900`}>
        {thread.newReplies} new
        <span className="sr-only"> {thread.newReplies === 1 ? 'reply' : 'replies'}</span>
      </span>
    )
  return null
}
