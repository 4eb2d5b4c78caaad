import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { postPath, writerPath } from '#common/paths.ts'
import type { PostCard, PublicPost } from '#common/schemas/posts.ts'
import { PostCardItem } from '#web/components/post-card.tsx'
import { usePostNeighbours } from '../api/get-neighbours.ts'

/**
 * After a published post: the writer's previous and next posts in the same category, then more of
 * their work. Nothing shows until it has loaded, nor when there is nothing else to read.
 */
export function PostNeighbours({ post }: { post: PublicPost }) {
  const around = usePostNeighbours(post.id, post.status === 'published')
  if (!around.data) return null
  const { previous, next } = around.data
  // Whatever the previous/next links already offer is not listed again.
  const moreFromWriter = around.data.moreFromWriter.filter((p) => p.id !== previous?.id && p.id !== next?.id)
  const writerHref = writerPath(post.author.id)

  return (
    <div className="mt-12 space-y-10">
      {(previous || next) && (
        <nav aria-label={`${POST_CATEGORY_LABELS[post.category]} by ${post.author.name}`}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {previous && (
              <li>
                <NeighbourLink post={previous} direction="previous" />
              </li>
            )}
            {next && (
              <li className="sm:col-start-2">
                <NeighbourLink post={next} direction="next" />
              </li>
            )}
          </ul>
        </nav>
      )}
      {moreFromWriter.length > 0 && (
        <section aria-labelledby="more-from-writer">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="more-from-writer" className="font-serif text-2xl font-semibold">
              More from {post.author.name}
            </h2>
            <Link to={writerHref} className="text-sm font-medium text-ink-700 hover:underline">
              See all their posts
            </Link>
          </div>
          <ul className="mt-3 -mx-3 divide-y divide-stone-100">
            {moreFromWriter.map((p) => (
              <li key={p.id}>
                <PostCardItem post={p} variant="row" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function NeighbourLink({ post, direction }: { post: PostCard; direction: 'previous' | 'next' }) {
  const isNext = direction === 'next'
  const Arrow = isNext ? ArrowRight : ArrowLeft
  return (
    <Link
      to={postPath(post.author.id, post.slug)}
      rel={isNext ? 'next' : 'prev'}
      className={`group flex h-full flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-ink-200 hover:shadow-md ${isNext ? 'items-end text-right' : ''}`}
    >
      <span className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
        {!isNext && <Arrow className="size-3.5" aria-hidden />}
        {isNext ? 'Next' : 'Previous'}
        {isNext && <Arrow className="size-3.5" aria-hidden />}
      </span>
      <span className="font-serif text-lg leading-snug font-semibold text-stone-900 group-hover:underline">
        {post.title}
      </span>
    </Link>
  )
}
