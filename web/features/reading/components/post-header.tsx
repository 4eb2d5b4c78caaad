import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import type { PublicPost } from '#common/schemas/posts.ts'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'

interface PostHeaderProps {
  post: PublicPost
  /** Null while the body is locked: the time to read it is not known to this reader. */
  minutes: number | null
}

/** Category and subject, the title, the date and reading time, and the tags. */
export function PostHeader({ post, minutes }: PostHeaderProps) {
  const date = post.publishedAt ?? post.updatedAt
  return (
    <header>
      <p className="text-xs font-semibold uppercase tracking-[0.14em] text-ink-700">
        {POST_CATEGORY_LABELS[post.category]}
        {post.subjectSlug && (
          <>
            <span aria-hidden="true" className="mx-2 text-stone-300">
              /
            </span>
            {subjectLabel(post.subjectSlug)}
          </>
        )}
      </p>
      <h1 className="mt-3 font-serif text-[2.1rem] leading-tight font-semibold tracking-tight text-stone-900 sm:text-5xl sm:leading-[1.1]">
        {post.title}
      </h1>
      {post.excerpt && (
        <p className="mt-4 font-serif text-xl leading-relaxed text-stone-600">{post.excerpt}</p>
      )}
      <p className="mt-5 flex flex-wrap items-center gap-x-2 text-sm text-stone-500">
        <span>
          {!post.publishedAt && 'Last edited '}
          <TimeAgo iso={date} />
        </span>
        {minutes !== null && (
          <>
            <span aria-hidden="true">·</span>
            <span>{minutes} min read</span>
          </>
        )}
        {post.access === 'subscribers' && (
          <>
            <span aria-hidden="true">·</span>
            <span>For subscribers</span>
          </>
        )}
        <span aria-hidden="true">·</span>
        <span>{countOf(post.views, 'view')}</span>
        <span aria-hidden="true">·</span>
        <a href="#comments" className="hover:underline">
          {countOf(post.comments, 'comment')}
        </a>
      </p>
      {post.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-stone-100 px-3 py-1 text-xs font-medium text-stone-700">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </header>
  )
}

/** The cover, full column width; decorative, the title says what the post is. */
export function PostCover({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      className="mt-8 aspect-[16/9] w-full rounded-2xl bg-stone-100 object-cover ring-1 ring-stone-200"
    />
  )
}
