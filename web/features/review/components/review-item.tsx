import { TriangleAlert } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import type { ReviewItem as ReviewItemData } from '#common/schemas/posts.ts'
import { RejectDialog } from '#web/components/reject-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { countOf, formatDate } from '#web/lib/format.ts'
import { useApprovePost } from '../api/approve-post.ts'
import { usePostPreview } from '../api/get-post-preview.ts'
import { useRejectPost } from '../api/reject-post.ts'

/** Something the reviewer should look at before deciding. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  )
}

/**
 * One post in the review queue: what it is, how long, how it opens, what to watch for (an empty
 * body, other posts of the writer's with the same title), a preview, and the two decisions.
 */
export function ReviewItem({ post }: { post: ReviewItemData }) {
  const [previewOpen, setPreviewOpen] = useState(false)
  const [rejecting, setRejecting] = useState(false)
  const preview = usePostPreview(post.authorId, post.slug, previewOpen)
  const approve = useApprovePost()
  const reject = useRejectPost()
  const previewId = useId()
  const titleId = useId()
  const busy = approve.isPending || reject.isPending

  return (
    <li
      aria-labelledby={titleId}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
        <span className="rounded-full bg-ink-50 px-2.5 py-0.5 font-medium text-ink-800">
          {POST_CATEGORY_LABELS[post.category]}
        </span>
        {post.access === 'subscribers' && (
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-medium text-stone-700">
            Subscribers
          </span>
        )}
        <span>
          Submitted <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
        </span>
        <span aria-hidden>·</span>
        <span>{countOf(post.wordCount, 'word')}</span>
      </div>
      <h3 id={titleId} className="mt-2 font-serif text-xl font-semibold text-stone-900">
        {post.title}
      </h3>
      <p className="mt-1 text-sm text-stone-600">by {post.author.name}</p>
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
          {post.author.name} has {countOf(post.sameTitleCount, 'other post')} with this title. Check that this
          one isn’t a copy.
        </Warning>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={previewOpen}
          aria-controls={previewId}
          onClick={() => setPreviewOpen((open) => !open)}
        >
          {previewOpen ? 'Hide preview' : 'Preview'}
        </Button>
        <span className="flex-1" />
        <Button variant="secondary" size="sm" onClick={() => setRejecting(true)} disabled={busy}>
          Reject
        </Button>
        <Button
          size="sm"
          busy={approve.isPending}
          disabled={busy || !post.hasBody}
          onClick={() => approve.mutate(post.id)}
        >
          Approve
        </Button>
      </div>

      {previewOpen && (
        <section
          id={previewId}
          aria-label={`Preview of ${post.title}`}
          className="mt-5 border-t border-stone-200 pt-5"
        >
          {preview.isPending ? (
            <Spinner label="Loading the preview…" />
          ) : preview.error ? (
            <Alert>{preview.error.message}</Alert>
          ) : (
            <>
              {preview.data.excerpt && (
                <p className="mb-5 font-serif text-lg text-stone-600 italic">{preview.data.excerpt}</p>
              )}
              <div
                className="prose-ink max-h-[28rem] overflow-y-auto break-words"
                // The server sanitizes every body on write with an allowlist of the editor's tags and
                // attributes (server/modules/posts/sanitize.ts), so it is rendered as stored.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
                dangerouslySetInnerHTML={{
                  __html: preview.data.bodyHtml || '<p><em>This post has no body yet.</em></p>',
                }}
              />
            </>
          )}
        </section>
      )}

      {rejecting && (
        <RejectDialog
          title={post.title}
          busy={reject.isPending}
          onClose={() => setRejecting(false)}
          onConfirm={(reason) =>
            reject.mutate({ id: post.id, reason }, { onSuccess: () => setRejecting(false) })
          }
        />
      )}
    </li>
  )
}
