import { CircleCheck, Pencil, Quote, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { threadPath } from '#common/paths.ts'
import { pageOfPosition, type Reply, type ReplyRef, type Thread } from '#common/schemas/forums.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useDeleteReply, useEditReply } from '../api/replies.ts'
import { useAcceptReply } from '../api/threads.ts'
import { BodyForm } from './body-form.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { ForumBodyHtml, PostMeta } from './post-meta.tsx'

interface ReplyItemProps {
  reply: Reply
  thread: Thread
  /** Puts the reply into the reply box as a quote; absent when nobody may reply. */
  onQuote?: (reply: Reply) => void
  /** The Report button, for someone else's reply. */
  report?: ReactNode
  /** The reply the address points at (#reply-<id>). */
  targeted?: boolean
}

const replyAnchor = (id: string) => `reply-${id}`

/** One reply in its place: #position, author, quote, body and what the viewer may do with it. */
export function ReplyItem({ reply, thread, onQuote, report, targeted = false }: ReplyItemProps) {
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const edit = useEditReply(thread.id)
  const remove = useDeleteReply(thread.id)
  const accept = useAcceptReply(thread.id)
  const link = threadPath(
    thread.subjectSlug,
    thread.id,
    pageOfPosition(reply.position, FORUM_REPLIES_PAGE_SIZE),
    reply.id,
  )
  const position = (
    <Link to={link} className="text-stone-500 hover:text-ink-700" title="Link to this reply">
      #{reply.position}
    </Link>
  )

  if (reply.deleted)
    return (
      <li
        id={replyAnchor(reply.id)}
        aria-label={`Reply ${reply.position}, deleted`}
        className="flex scroll-mt-24 items-center gap-3 rounded-xl border border-dashed border-stone-200 px-4 py-3 text-sm text-stone-500 italic"
      >
        <span className="not-italic">{position}</span>
        This reply was deleted.
      </li>
    )

  return (
    <li
      id={replyAnchor(reply.id)}
      aria-label={`Reply ${reply.position} by ${reply.author.name}`}
      className={`scroll-mt-24 rounded-2xl border bg-white p-4 shadow-sm transition-shadow sm:p-5 ${reply.accepted ? 'border-emerald-300 ring-1 ring-emerald-200' : 'border-stone-200'} ${targeted ? 'ring-2 ring-ink-500/40' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PostMeta author={reply.author} createdAt={reply.createdAt} editedAt={reply.editedAt} />
        <div className="flex items-center gap-2 text-sm">
          {reply.accepted && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <CircleCheck className="size-3.5" aria-hidden /> Accepted answer
            </span>
          )}
          {position}
        </div>
      </div>
      {reply.quote && <QuoteBlock quote={reply.quote} thread={thread} />}
      <div className="mt-3">
        {editing ? (
          <BodyForm
            label="Edit your reply"
            submitLabel="Save"
            initialHtml={reply.bodyHtml}
            onSubmit={async (bodyHtml) => {
              await edit.mutateAsync({ id: reply.id, bodyHtml })
              setEditing(false)
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <ForumBodyHtml html={reply.bodyHtml} />
        )}
      </div>
      {!editing && (
        <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-stone-100 pt-2">
          {onQuote && (
            <Button variant="ghost" size="sm" onClick={() => onQuote(reply)}>
              <Quote className="size-4" aria-hidden /> Quote
            </Button>
          )}
          {thread.canAccept && (
            <Button
              variant="ghost"
              size="sm"
              busy={accept.isPending}
              onClick={() => accept.mutate(reply.accepted ? null : reply.id)}
            >
              <CircleCheck className="size-4" aria-hidden />
              {reply.accepted ? 'Unaccept' : 'Accept answer'}
            </Button>
          )}
          {reply.canEdit && (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Button>
          )}
          {reply.canDelete && (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          )}
          {report}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete this reply?"
          description="It is removed for everyone; a note that a reply was deleted stays in its place."
          confirmLabel="Delete reply"
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => remove.mutate(reply.id, { onSuccess: () => setConfirming(false) })}
        />
      )}
    </li>
  )
}

/** The reply this one answers: its author and opening words, linking to it. */
function QuoteBlock({ quote, thread }: { quote: ReplyRef; thread: Thread }) {
  return (
    <blockquote className="mt-3 rounded-lg border-l-4 border-ink-200 bg-stone-50 px-4 py-2.5 text-sm">
      <Link
        to={threadPath(thread.subjectSlug, thread.id, quote.page, quote.replyId)}
        className="font-medium text-ink-700 hover:text-ink-900 hover:underline"
      >
        {quote.author.name} wrote (#{quote.position}):
      </Link>
      {quote.excerpt === null ? (
        <p className="mt-1 text-stone-500 italic">This reply was deleted.</p>
      ) : (
        <p className="mt-1 text-stone-700">{quote.excerpt}</p>
      )}
    </blockquote>
  )
}
