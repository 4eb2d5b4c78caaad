import type { PostSummary } from '#common/schemas/posts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useDeletePost } from '../api/delete-post.ts'

/** Asks before a post is deleted for good. */
export function DeletePostDialog({ post, onClose }: { post: PostSummary; onClose: () => void }) {
  const remove = useDeletePost()
  const onDelete = () =>
    remove.mutate(post.id, {
      onSuccess: () => {
        toast.success('The post is deleted.')
        onClose()
      },
    })
  return (
    <Dialog
      title="Delete this post?"
      description={`“${post.title}” will be gone for good, with its comments. This cannot be undone.`}
      onClose={() => !remove.isPending && onClose()}
    >
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onDelete} busy={remove.isPending}>
          Delete post
        </Button>
      </div>
    </Dialog>
  )
}
