import { PenLine } from 'lucide-react'
import { useState } from 'react'
import type { PostStatus, PostSummary } from '#common/schemas/posts.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useMyPosts } from '../api/get-my-posts.ts'
import { useNewsletterStats } from '../api/newsletter-stats.ts'
import { DeletePostDialog } from './delete-post-dialog.tsx'
import { PostRow } from './post-row.tsx'

const EMPTY: Record<PostStatus | 'all', string> = {
  all: 'You have not written anything yet',
  draft: 'No drafts',
  pending: 'Nothing is waiting for review',
  published: 'Nothing published yet',
  rejected: 'No posts were sent back',
}

/** The author's posts with one status (or all), a page at a time. */
export function MyPostsList({ status }: { status: PostStatus | undefined }) {
  const posts = useMyPosts(status)
  const [deleting, setDeleting] = useState<PostSummary | null>(null)
  const newsletters = useNewsletterStats(posts.data?.pages.map((page) => page.items) ?? [])

  if (posts.isPending) return <ScreenSpinner label="Loading your posts…" />
  if (posts.isError)
    return (
      <Alert>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>We couldn't load your posts. {posts.error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    )

  const items = posts.data.pages.flatMap((page) => page.items)
  if (items.length === 0)
    return (
      <EmptyState icon={<PenLine className="size-8" aria-hidden />} title={EMPTY[status ?? 'all']}>
        <p>Your drafts, posts in review and published work all gather here.</p>
        <ButtonLink to="/post" className="mt-4">
          Write your first post
        </ButtonLink>
      </EmptyState>
    )

  return (
    <div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white px-5 sm:px-6">
        {items.map((post) => (
          <PostRow
            key={post.id}
            post={post}
            newsletter={newsletters.byPost.get(post.id)}
            onDelete={() => setDeleting(post)}
          />
        ))}
      </ul>
      {newsletters.error && (
        <p role="status" className="mt-3 flex flex-wrap items-center gap-2 text-sm text-stone-600">
          We couldn't load your newsletter figures. {newsletters.error.message}
          <Button size="sm" variant="ghost" onClick={newsletters.retry}>
            Try again
          </Button>
        </p>
      )}
      {posts.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void posts.fetchNextPage()}
            busy={posts.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
      {deleting && <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />}
    </div>
  )
}
