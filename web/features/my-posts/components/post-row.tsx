import { Eye, Pencil, Trash } from 'lucide-react'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { postEditorPath, postPath } from '#common/paths.ts'
import type { NewsletterStats } from '#common/schemas/newsletters.ts'
import type { PostSummary } from '#common/schemas/posts.ts'
import { NewsletterFigures } from '#web/components/newsletter-figures.tsx'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { countOf } from '#web/lib/format.ts'
import { PostStatusBadge } from './post-status-badge.tsx'

/** One of the author's posts: what it is, where it stands, and what can be done with it. */
export function PostRow({
  post,
  newsletter,
  onDelete,
}: {
  post: PostSummary
  /** How its newsletter went, once it was sent. */
  newsletter?: NewsletterStats
  onDelete: () => void
}) {
  return (
    <li className="flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="truncate font-serif text-lg font-semibold text-stone-900">{post.title}</h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
          <PostStatusBadge status={post.status} />
          <span>{POST_CATEGORY_LABELS[post.category]}</span>
          <span aria-hidden="true">·</span>
          <span>
            Updated <TimeAgo iso={post.updatedAt} />
          </span>
          {post.status === 'published' && (
            <>
              <span aria-hidden="true">·</span>
              <span>{countOf(post.views, 'view')}</span>
              <span aria-hidden="true">·</span>
              <span>{countOf(post.likes, 'like')}</span>
            </>
          )}
        </p>
        <NewsletterFigures stats={newsletter} />
        {post.status === 'rejected' && post.rejectionReason && (
          <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            <span className="font-medium">Reviewer’s note:</span> {post.rejectionReason}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        <ButtonLink
          to={postEditorPath(post.id)}
          variant="ghost"
          size="sm"
          aria-label={`Edit “${post.title}”`}
        >
          <Pencil className="size-4" aria-hidden /> Edit
        </ButtonLink>
        {post.status === 'published' && (
          <ButtonLink
            to={postPath(post.authorId, post.slug)}
            variant="ghost"
            size="sm"
            aria-label={`View “${post.title}”`}
          >
            <Eye className="size-4" aria-hidden /> View
          </ButtonLink>
        )}
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete “${post.title}”`}>
          <Trash className="size-4" aria-hidden /> Delete
        </Button>
      </div>
    </li>
  )
}
