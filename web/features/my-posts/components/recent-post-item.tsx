import { Link } from 'react-router'
import { postEditorPath, postPath } from '#common/paths.ts'
import type { PostSummary } from '#common/schemas/posts.ts'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { countOf } from '#web/lib/format.ts'
import { PostStatusBadge } from './post-status-badge.tsx'

/**
 * One of my latest posts on the dashboard: where it stands and when it last moved. A published
 * post opens as readers see it; any other opens in the editor.
 */
export function RecentPostItem({ post }: { post: PostSummary }) {
  const published = post.status === 'published' && post.publishedAt
  const href = published ? postPath(post.authorId, post.slug) : postEditorPath(post.id)
  return (
    <li>
      <Link
        to={href}
        className="group block px-4 py-3 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50"
      >
        <span className="block truncate font-medium text-stone-900 group-hover:text-ink-800">
          {post.title}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
          <PostStatusBadge status={post.status} />
          <span>
            {published ? 'Published' : 'Edited'} <TimeAgo iso={published || post.updatedAt} />
          </span>
          {published && (
            <>
              <span aria-hidden="true">·</span>
              <span>{countOf(post.views, 'view')}</span>
            </>
          )}
        </span>
      </Link>
    </li>
  )
}
