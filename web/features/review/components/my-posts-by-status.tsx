import { useInfiniteQuery } from '@tanstack/react-query'
import { Clock, PencilLine } from 'lucide-react'
import { Link } from 'react-router'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { postEditorPath, postPath } from '#common/paths.ts'
import type { PostSummary } from '#common/schemas/posts.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { formatDate } from '#web/lib/format.ts'
import { type ModerationStatus, reviewQueries } from '../api/review-queries.ts'

const SECTIONS: Record<
  ModerationStatus,
  { title: string; description: string; empty: string; hint: string }
> = {
  pending: {
    title: 'Waiting for review',
    description: 'Posts you submitted. An editor reads each one before it is published.',
    empty: 'Nothing waiting for review',
    hint: 'Posts you submit from the editor wait here until an editor approves them.',
  },
  rejected: {
    title: 'Needs changes',
    description: 'Posts an editor sent back, with their note. Edit one and submit it again.',
    empty: 'Nothing needs changes',
    hint: 'When an editor asks for changes, the post and their note appear here.',
  },
}

/** The signed-in writer's own posts in one moderation state. */
export function MyPostsByStatus({ status }: { status: ModerationStatus }) {
  const query = useInfiniteQuery(reviewQueries.mine(status))
  const posts = query.data?.pages.flatMap((page) => page.items) ?? []
  const section = SECTIONS[status]
  const titleId = `my-posts-${status}-title`

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        {section.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{section.description}</p>
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label={`Loading ${section.title.toLowerCase()}…`} />
        ) : query.error ? (
          <Alert>{query.error.message}</Alert>
        ) : posts.length === 0 ? (
          <EmptyState
            icon={
              status === 'pending' ? (
                <Clock className="size-8" aria-hidden />
              ) : (
                <PencilLine className="size-8" aria-hidden />
              )
            }
            title={section.empty}
          >
            {section.hint}
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-3">
              {posts.map((post) => (
                <MyPostItem key={post.id} post={post} />
              ))}
            </ul>
            <LoadMore pages={query} />
          </>
        )}
      </div>
    </section>
  )
}

function MyPostItem({ post }: { post: PostSummary }) {
  const editHref = postEditorPath(post.id)
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-stone-500">
            {POST_CATEGORY_LABELS[post.category]} · {post.status === 'pending' ? 'Submitted' : 'Sent back'}{' '}
            <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
          </p>
          <h3 className="mt-1 font-serif text-lg font-semibold text-stone-900">
            <Link to={postPath(post.authorId, post.slug)} className="hover:underline">
              {post.title}
            </Link>
          </h3>
        </div>
        {post.status === 'rejected' && (
          <ButtonLink to={editHref} variant="secondary" size="sm" aria-label={`Edit ${post.title}`}>
            Edit
          </ButtonLink>
        )}
      </div>
      {post.status === 'rejected' && post.rejectionReason && (
        <blockquote className="mt-4 rounded-lg border-l-4 border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="text-xs font-semibold uppercase tracking-wide text-red-800">Reviewer’s note</p>
          <p className="mt-1 whitespace-pre-line">{post.rejectionReason}</p>
        </blockquote>
      )}
    </li>
  )
}
