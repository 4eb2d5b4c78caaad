import { FolderInput, Lock, LockOpen, Pin, PinOff, ShieldCheck } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { threadPath } from '#common/paths.ts'
import type { Thread } from '#common/schemas/forums.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { useForums } from '../api/forums.ts'
import { useModerateThread } from '../api/threads.ts'
import { DeleteThread } from './delete-thread.tsx'

/** Admins: pin or unpin, lock or unlock, move to another subject's forum, delete. */
export function ThreadModeration({ thread }: { thread: Thread }) {
  const moderate = useModerateThread(thread.id)
  const [moving, setMoving] = useState(false)
  const busy = moderate.isPending
  return (
    <div className="mt-3 flex flex-wrap items-center gap-1 rounded-xl bg-stone-50 px-2 py-1.5">
      <span className="mr-1 inline-flex items-center gap-1 px-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">
        <ShieldCheck className="size-4" aria-hidden /> Admin
      </span>
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() => moderate.mutate({ pinned: !thread.pinned })}
      >
        {thread.pinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
        {thread.pinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() => moderate.mutate({ locked: !thread.locked })}
      >
        {thread.locked ? (
          <LockOpen className="size-4" aria-hidden />
        ) : (
          <Lock className="size-4" aria-hidden />
        )}
        {thread.locked ? 'Unlock' : 'Lock'}
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={() => setMoving(true)}>
        <FolderInput className="size-4" aria-hidden /> Move
      </Button>
      {!thread.canDelete && <DeleteThread thread={thread} label="Delete thread" />}
      {moving && <MoveDialog thread={thread} onClose={() => setMoving(false)} />}
    </div>
  )
}

function MoveDialog({ thread, onClose }: { thread: Thread; onClose: () => void }) {
  const id = useId()
  const forums = useForums()
  const moderate = useModerateThread(thread.id)
  const navigate = useNavigate()
  const [target, setTarget] = useState('')
  const others = (forums.data?.items ?? []).filter((f) => f.subject.slug !== thread.subjectSlug)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!target) return
    moderate.mutate(
      { subjectSlug: target },
      {
        onSuccess: (moved) => {
          onClose()
          navigate(threadPath(moved.subjectSlug, moved.id), { replace: true })
        },
      },
    )
  }

  return (
    <Dialog
      title="Move this thread"
      description={`It leaves the ${thread.subject.name} forum with all its replies.`}
      onClose={() => !moderate.isPending && onClose()}
    >
      <form onSubmit={submit} className="mt-5 space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-stone-800">
            Move to
          </label>
          <select
            id={`${id}-subject`}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            disabled={forums.isPending}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-[15px] focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
          >
            <option value="">{forums.isPending ? 'Loading the subjects…' : 'Choose a subject'}</option>
            {others.map((forum) => (
              <option key={forum.subject.slug} value={forum.subject.slug}>
                {forum.subject.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={moderate.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={moderate.isPending} disabled={!target}>
            Move thread
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
