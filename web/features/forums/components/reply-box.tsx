import { Lock, X } from 'lucide-react'
import type { RefObject } from 'react'
import type { Reply, Thread } from '#common/schemas/forums.ts'
import { useAddReply } from '../api/replies.ts'
import { excerptOf } from '../lib/excerpt.ts'
import { BodyForm } from './body-form.tsx'
import type { ForumEditorHandle } from './forum-editor.tsx'

interface ReplyBoxProps {
  thread: Thread
  /** The reply being quoted, shown as a chip that can be removed. */
  quoting: Reply | null
  onRemoveQuote: () => void
  /** Where the new reply went, once it is saved. */
  onReplied: (reply: Reply) => void
  editorRef: RefObject<ForumEditorHandle | null>
}

/** At the foot of the thread: a new reply (quoting one, if chosen), or why there cannot be one. */
export function ReplyBox({ thread, quoting, onRemoveQuote, onReplied, editorRef }: ReplyBoxProps) {
  const add = useAddReply(thread.id)
  if (thread.locked)
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-2xl border border-stone-200 bg-stone-100 px-5 py-4 text-stone-700"
      >
        <Lock className="size-5 shrink-0" aria-hidden /> This thread is locked. New replies are closed.
      </p>
    )
  if (!thread.canReply) return null
  return (
    <section
      id="reply-box"
      aria-labelledby="reply-box-title"
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="reply-box-title" className="mb-3 font-serif text-xl font-semibold">
        Your reply
      </h2>
      <BodyForm
        label="Reply"
        hideLabel
        submitLabel="Post reply"
        placeholder="Add to the discussion…"
        editorRef={editorRef}
        onSubmit={async (bodyHtml) => {
          const reply = await add.mutateAsync({ bodyHtml, quotedReplyId: quoting?.id ?? null })
          onReplied(reply)
        }}
      >
        {quoting && (
          <div className="flex items-start gap-3 rounded-lg border-l-4 border-ink-200 bg-stone-50 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-stone-800">
                Quoting {quoting.author.name} (#{quoting.position})
              </p>
              <p className="truncate text-stone-600">{excerptOf(quoting.bodyHtml)}</p>
            </div>
            <button
              type="button"
              onClick={onRemoveQuote}
              aria-label="Remove the quote"
              className="rounded-md p-1 text-stone-500 hover:bg-stone-200 hover:text-stone-800"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </BodyForm>
    </section>
  )
}
