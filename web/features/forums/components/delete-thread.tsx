import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { forumPath } from '#common/paths.ts'
import type { Thread } from '#common/schemas/forums.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useDeleteThread } from '../api/threads.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'

/** Delete the whole thread (its author while allowed, or an admin), then back to the forum. */
export function DeleteThread({ thread, label = 'Delete' }: { thread: Thread; label?: string }) {
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteThread(thread)
  const navigate = useNavigate()
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <Trash2 className="size-4" aria-hidden /> {label}
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete this thread?"
          description="The thread and all its replies will be removed for everyone. This cannot be undone."
          confirmLabel="Delete thread"
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => navigate(forumPath(thread.subjectSlug), { replace: true }),
            })
          }
        />
      )}
    </>
  )
}
