import { MessageSquare } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { threadPath } from '#common/paths.ts'
import { pageOfPosition, type Reply, type Thread } from '#common/schemas/forums.ts'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { countOf } from '#web/lib/format.ts'
import { KEEP_SCROLL } from '#web/lib/scroll.ts'
import { useReplies } from '../api/replies.ts'
import { useNewPagesSince } from '../lib/new-pages.ts'
import type { ForumEditorHandle } from './forum-editor.tsx'
import { Pagination } from './pagination.tsx'
import { ReplyBox } from './reply-box.tsx'
import { ReplyItem } from './reply-item.tsx'

interface ThreadRepliesProps {
  thread: Thread
  page: number
  /** The Report button for a reply (the screen decides whose). */
  reportOf?: (reply: Reply) => ReactNode
}

/** A page of the thread's replies, numbered pages around it, and the reply box at the foot. */
export function ThreadReplies({ thread, page, reportOf }: ThreadRepliesProps) {
  const replies = useReplies(thread.id, page)
  const navigate = useNavigate()
  const { hash } = useLocation()
  const [quoting, setQuoting] = useState<Reply | null>(null)
  const editor = useRef<ForumEditorHandle>(null)
  const pageCount = Math.max(thread.pageCount, replies.data?.pageCount ?? 1)
  const newPages = useNewPagesSince(page, thread.pageCount)
  const items = replies.data?.items
  const hrefOf = (n: number) => threadPath(thread.subjectSlug, thread.id, n)

  // A link to a reply (#reply-<id>) scrolls to it once it is on screen.
  const scrolledTo = useRef('')
  useEffect(() => {
    if (!hash.startsWith('#reply-') || scrolledTo.current === hash || !items) return
    const target = document.getElementById(hash.slice(1))
    if (!target) return
    scrolledTo.current = hash
    target.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [hash, items])

  const quote = (reply: Reply) => {
    setQuoting(reply)
    document.getElementById('reply-box')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
    editor.current?.focus()
  }

  const replied = (reply: Reply) => {
    setQuoting(null)
    scrolledTo.current = ''
    const target = pageOfPosition(reply.position, FORUM_REPLIES_PAGE_SIZE)
    navigate(threadPath(thread.subjectSlug, thread.id, target, reply.id), KEEP_SCROLL)
  }

  return (
    <section aria-labelledby="replies-title" className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="replies-title" className="font-serif text-2xl font-semibold">
          {thread.replyCount === 0 ? 'Replies' : countOf(thread.replyCount, 'reply', 'replies')}
        </h2>
        {pageCount > 1 && (
          <p className="text-sm text-stone-500">
            Page {page} of {pageCount}
          </p>
        )}
      </div>

      {newPages && (
        <p
          role="status"
          className="rounded-xl border border-ink-200 bg-ink-50 px-4 py-2.5 text-sm text-ink-900"
        >
          <Link to={hrefOf(thread.pageCount)} className="font-medium underline underline-offset-2">
            New replies — go to the last page
          </Link>
        </p>
      )}

      <Pagination page={page} pageCount={pageCount} hrefOf={hrefOf} label="Reply pages" />

      {replies.isError && !items ? (
        <QueryError what="the replies" error={replies.error} onRetry={() => void replies.refetch()} />
      ) : !items ? (
        <div className="flex justify-center py-10 text-ink-700">
          <Spinner size="md" label="Loading the replies…" />
        </div>
      ) : items.length === 0 ? (
        <EmptyPage page={page} pageCount={pageCount} hrefOf={hrefOf} canReply={thread.canReply} />
      ) : (
        <ol aria-label="Replies" className="space-y-4">
          {items.map((reply) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              thread={thread}
              targeted={hash === `#reply-${reply.id}`}
              onQuote={thread.canReply ? quote : undefined}
              report={reportOf?.(reply)}
            />
          ))}
        </ol>
      )}

      {items && items.length > 0 && (
        <Pagination page={page} pageCount={pageCount} hrefOf={hrefOf} label="Reply pages, at the foot" />
      )}

      <ReplyBox
        thread={thread}
        quoting={quoting}
        onRemoveQuote={() => {
          setQuoting(null)
          editor.current?.focus()
        }}
        onReplied={replied}
        editorRef={editor}
      />
    </section>
  )
}

function EmptyPage({
  page,
  pageCount,
  hrefOf,
  canReply,
}: {
  page: number
  pageCount: number
  hrefOf: (page: number) => string
  canReply: boolean
}) {
  if (page > 1)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 px-5 py-6 text-center text-stone-600">
        There is nothing on page {page}.{' '}
        <Link to={hrefOf(pageCount)} className="font-medium text-ink-700 underline underline-offset-2">
          Go to the last page
        </Link>
      </p>
    )
  return (
    <EmptyState icon={<MessageSquare className="size-7" aria-hidden />} title="No replies yet">
      {canReply && 'Know the answer, or have a thought? Reply below.'}
    </EmptyState>
  )
}
