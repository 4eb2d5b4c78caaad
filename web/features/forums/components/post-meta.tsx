import { type ReactNode, useRef } from 'react'
import type { ThreadSummary } from '#common/schemas/forums.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { useKeyboardScrollable } from '#web/lib/use-keyboard-scrollable.ts'

/** Who wrote a post or reply and when, "edited" when it changed since. */
export function PostMeta({
  author,
  createdAt,
  editedAt,
  children,
}: {
  author: ThreadSummary['author']
  createdAt: string
  editedAt: string | null
  /** More on the same line (a reply's #position). */
  children?: ReactNode
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={author.name} image={author.image} />
      <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-stone-900">{author.name}</span>
        <TimeAgo iso={createdAt} className="text-stone-500" />
        {editedAt && (
          <span className="text-stone-500" title={`Edited ${formatDateTime(editedAt)}`}>
            · edited
          </span>
        )}
        {children}
      </p>
    </div>
  )
}

/** The reading typography, compact for a discussion: shared by the bodies and the editor. */
export const FORUM_PROSE =
  'prose-ink text-base leading-7 [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-ink-200 [&_blockquote]:pl-4 [&_blockquote]:text-stone-600 [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_li>p]:mb-1 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-100 [&_pre]:p-3 [&_pre]:text-sm [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&>*:last-child]:mb-0'

/** A body as the server stored it, in the reading typography. */
export function ForumBodyHtml({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)
  // A code block wider than a phone scrolls inside itself: the keyboard must reach it too.
  useKeyboardScrollable(ref, { selector: 'pre', content: html })
  return (
    <div
      ref={ref}
      className={`${FORUM_PROSE} break-words`}
      // Safe to render as is: the server sanitizes every forum body on write with the posts'
      // allowlist, so no script or handler reaches this point.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
