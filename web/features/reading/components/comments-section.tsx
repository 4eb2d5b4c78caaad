import { type ReactNode, useState } from 'react'
import type { Comment } from '#common/schemas/comments.ts'
import type { PublicPost } from '#common/schemas/posts.ts'
import { SignInLink } from '#web/components/sign-in-link.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { countOf, formatDateTime } from '#web/lib/format.ts'
import { useAddComment, useComments, useDeleteComment, useEditComment } from '../api/comments.ts'
import { CommentForm } from './comment-form.tsx'

interface CommentsSectionProps {
  post: PublicPost
  signedIn: boolean
  /** More actions beside a comment's own (the page adds Report). */
  commentActions?: (comment: Comment) => ReactNode
}

/** Under the post: its comments, oldest first, and a way to add one. */
export function CommentsSection({ post, signedIn, commentActions }: CommentsSectionProps) {
  const comments = useComments(post.id)
  const add = useAddComment(post)
  const items = comments.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-12 border-t border-stone-200 pt-8">
      <h2 id="comments-title" className="font-serif text-2xl font-semibold">
        Comments{' '}
        <span className="text-base font-normal text-stone-500">({countOf(post.comments, 'comment')})</span>
      </h2>
      <div className="mt-5">
        {signedIn ? (
          <CommentForm
            label="Add a comment"
            submitLabel="Post comment"
            busy={add.isPending}
            error={add.error}
            onSubmit={(body) => add.mutateAsync({ body })}
          />
        ) : (
          <SignInLink variant="secondary">Sign in to join the conversation</SignInLink>
        )}
      </div>
      {comments.error && <Alert>{comments.error.message}</Alert>}
      {items.length > 0 && (
        <ol aria-label="Comments" className="mt-8 space-y-6">
          {items.map((comment) => (
            <CommentItem key={comment.id} post={post} comment={comment} actions={commentActions?.(comment)} />
          ))}
        </ol>
      )}
      {comments.hasNextPage && (
        <div className="mt-6">
          <Button
            variant="secondary"
            onClick={() => comments.fetchNextPage()}
            busy={comments.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
    </section>
  )
}

function CommentItem({ post, comment, actions }: { post: PublicPost; comment: Comment; actions: ReactNode }) {
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const edit = useEditComment(post)
  const remove = useDeleteComment(post)
  const edited = comment.updatedAt !== comment.createdAt

  return (
    <li className="flex gap-3">
      <Avatar name={comment.author.name} image={comment.author.image} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-medium text-stone-900">{comment.author.name}</span>{' '}
          <TimeAgo iso={comment.createdAt} className="text-stone-500" />
          {edited && (
            <span className="text-stone-500" title={`Edited ${formatDateTime(comment.updatedAt)}`}>
              {' '}
              · edited
            </span>
          )}
        </p>
        {editing ? (
          <div className="mt-2">
            <CommentForm
              label="Edit comment"
              submitLabel="Save"
              initial={comment.body}
              busy={edit.isPending}
              error={edit.error}
              onSubmit={async (body) => {
                await edit.mutateAsync({ id: comment.id, body })
                setEditing(false)
              }}
              onCancel={() => setEditing(false)}
            />
          </div>
        ) : (
          // Plain text, never HTML: React escapes it; line breaks are kept.
          <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{comment.body}</p>
        )}
        {!editing && (comment.canEdit || comment.canDelete || actions) && (
          <div className="mt-1 flex flex-wrap gap-1">
            {comment.canEdit && (
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {comment.canDelete && (
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
            {actions}
          </div>
        )}
      </div>
      {confirming && (
        <Dialog
          title="Delete this comment?"
          description="It will be removed for everyone. This cannot be undone."
          onClose={() => !remove.isPending && setConfirming(false)}
        >
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => remove.mutate(comment.id, { onSuccess: () => setConfirming(false) })}
            >
              Delete comment
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  )
}
