import { Bell, BellOff, Pencil } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { Thread } from '#common/schemas/forums.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useEditThread, useWatchThread } from '../api/threads.ts'
import { DeleteThread } from './delete-thread.tsx'
import { ForumBodyHtml, PostMeta } from './post-meta.tsx'
import { ThreadBadges } from './thread-badges.tsx'
import { ThreadForm } from './thread-form.tsx'
import { ThreadModeration } from './thread-moderation.tsx'

/** The thread's title and opening post, with what the viewer may do: watch, edit, delete, moderate. */
export function OpeningPost({ thread, report }: { thread: Thread; report?: ReactNode }) {
  const [editing, setEditing] = useState(false)
  const edit = useEditThread(thread.id)

  if (editing)
    return (
      <section
        aria-label="Edit thread"
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h1 className="sr-only">{thread.title}</h1>
        <ThreadForm
          initial={{ title: thread.title, bodyHtml: thread.bodyHtml }}
          submitLabel="Save changes"
          onSubmit={async (input) => {
            await edit.mutateAsync(input)
            setEditing(false)
          }}
          onCancel={() => setEditing(false)}
        />
      </section>
    )

  return (
    <article
      aria-labelledby="thread-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-3">
        <ThreadBadges thread={thread} />
      </div>
      <h1
        id="thread-title"
        className="break-words font-serif text-2xl font-semibold text-stone-900 sm:text-3xl"
      >
        {thread.title}
      </h1>
      <div className="mt-4">
        <PostMeta author={thread.author} createdAt={thread.createdAt} editedAt={thread.editedAt} />
      </div>
      <div className="mt-5">
        <ForumBodyHtml html={thread.bodyHtml} />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-1 border-t border-stone-100 pt-4">
        <WatchToggle thread={thread} />
        {thread.canEdit && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> Edit
          </Button>
        )}
        {thread.canDelete && <DeleteThread thread={thread} />}
        {report}
      </div>
      {thread.canModerate && <ThreadModeration thread={thread} />}
    </article>
  )
}

function WatchToggle({ thread }: { thread: Thread }) {
  const watch = useWatchThread(thread.id)
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={watch.isPending}
      title={
        thread.watching
          ? 'You get a notification for each reply'
          : 'Get a notification for each reply to this thread'
      }
      onClick={() => watch.mutate(!thread.watching)}
    >
      {thread.watching ? <BellOff className="size-4" aria-hidden /> : <Bell className="size-4" aria-hidden />}
      {thread.watching ? 'Stop watching' : 'Watch'}
    </Button>
  )
}
