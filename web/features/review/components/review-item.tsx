import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import type { ReviewItem as ReviewItemData } from '#common/schemas/posts.ts'
import { Dot, ReviewEntry, Submitted } from '#web/components/review-queue/review-entry.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { countOf } from '#web/lib/format.ts'
import { useApprovePost } from '../api/approve-post.ts'
import { useRejectPost } from '../api/reject-post.ts'
import { reviewQueries } from '../api/review-queries.ts'

/** Something the reviewer should look at before deciding. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  )
}

/** The whole post as its reader will see it, once the reviewer opens the preview. */
function PostPreview({ post }: { post: ReviewItemData }) {
  const preview = useQuery(reviewQueries.preview(post.authorId, post.slug))
  if (preview.isPending) return <Spinner label="Loading the preview…" />
  if (preview.error) return <Alert>{preview.error.message}</Alert>
  return (
    <>
      {preview.data.excerpt && (
        <p className="mb-5 font-serif text-lg text-stone-600 italic">{preview.data.excerpt}</p>
      )}
      <div
        className="prose-ink max-h-[28rem] overflow-y-auto break-words"
        // The server sanitizes every body on write with an allowlist of the editor's tags and
        // attributes (server/core/rich-text/sanitize.ts), so it is rendered as stored.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
        dangerouslySetInnerHTML={{
          __html: preview.data.bodyHtml || '<p><em>This post has no body yet.</em></p>',
        }}
      />
    </>
  )
}

/**
 * One post in the review queue: what it is, how long, how it opens, what to watch for (an empty
 * body, other posts of the writer's with the same title), a preview, and the two decisions.
 */
export function ReviewItem({ post }: { post: ReviewItemData }) {
  const approve = useApprovePost()
  const reject = useRejectPost()
  return (
    <ReviewEntry
      badge={POST_CATEGORY_LABELS[post.category]}
      meta={
        <>
          {post.access === 'subscribers' && (
            <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-medium text-stone-700">
              Subscribers
            </span>
          )}
          <Submitted at={post.updatedAt} />
          <Dot />
          <span>{countOf(post.wordCount, 'word')}</span>
        </>
      }
      title={post.title}
      author={post.author.name}
      details={(previewOpen) => (
        <>
          {post.excerpt && (
            <p className="mt-3 line-clamp-2 text-sm text-stone-600">
              <span className="font-medium text-stone-700">Excerpt: </span>
              {post.excerpt}
            </p>
          )}
          {/* The preview shows the whole body, so its opening steps aside. */}
          {post.opening && !previewOpen && (
            <blockquote className="mt-3 line-clamp-3 border-l-2 border-stone-200 pl-3 font-serif text-[15px] text-stone-700">
              {post.opening}
            </blockquote>
          )}
          {!post.hasBody && (
            <Warning>
              This post has no text and no image, so it can’t be approved. Send it back to the writer.
            </Warning>
          )}
          {post.sameTitleCount > 0 && (
            <Warning>
              {post.author.name} has {countOf(post.sameTitleCount, 'other post')} with this title. Check that
              this one isn’t a copy.
            </Warning>
          )}
        </>
      )}
      contents={{
        show: 'Preview',
        hide: 'Hide preview',
        label: `Preview of ${post.title}`,
        render: () => <PostPreview post={post} />,
      }}
      approvable={post.hasBody}
      approving={approve.isPending}
      onApprove={() => approve.mutate(post.id)}
      rejecting={reject.isPending}
      onReject={(reason, done) => reject.mutate({ id: post.id, reason }, { onSuccess: done })}
    />
  )
}
