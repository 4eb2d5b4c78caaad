import { Eye, Heart, Lock, MessageCircle, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { postPath, subjectPath, writerPath } from '#common/paths.ts'
import type { PostCard } from '#common/schemas/posts.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf, formatCompact } from '#web/lib/format.ts'
import { CATEGORY_TINTS } from './category-style.ts'

type Variant = 'grid' | 'row' | 'lead'

/** A tag's page: everything published with it. */
const tagPath = (tag: string) => `/contents?tag=${encodeURIComponent(tag)}`

interface PostCardItemProps {
  post: PostCard
  /** Shown instead of the excerpt (search puts its highlighted snippet here). */
  children?: ReactNode
  /** `grid`: a card in a grid; `row`: a compact line in a list; `lead`: the large first pick. */
  variant?: Variant
  /** The title's heading level: h4 under a list that has its own h3. */
  heading?: 'h3' | 'h4'
  /** False in a list of featured posts, where the badge would say nothing new. */
  featuredBadge?: boolean
}

const MEDIA: Record<Variant, string> = {
  grid: 'aspect-[5/2] w-full sm:aspect-[16/9]',
  lead: 'aspect-[5/2] w-full sm:aspect-[16/9] lg:aspect-auto lg:h-full lg:min-h-80',
  // Only where the row is wide enough (a container query): narrow columns keep the text.
  row: 'hidden size-20 shrink-0 rounded-xl @sm:block',
}

/** A published post in a list: cover, category, title, excerpt, author, date and counts. */
export function PostCardItem({
  post,
  children,
  variant = 'grid',
  heading = 'h3',
  featuredBadge = true,
}: PostCardItemProps) {
  const href = postPath(post.author.id, post.slug)
  const featured = featuredBadge && post.featured
  const badges = featured || post.access === 'subscribers' ? <Badges post={post} featured={featured} /> : null
  const excerpt = children ?? post.excerpt

  if (variant === 'row')
    return (
      <div className="@container">
        <article className="group relative flex gap-4 rounded-2xl p-3 transition-colors hover:bg-white @md:gap-5">
          <Media post={post} className={MEDIA.row} size="row" />
          <div className="min-w-0 flex-1">
            <Kicker post={post} extra={badges} />
            <Title as={heading} href={href} className="mt-1 text-lg leading-snug">
              {post.title}
            </Title>
            {excerpt && (
              <div className="mt-1 line-clamp-2 text-sm leading-relaxed text-stone-600">{excerpt}</div>
            )}
            <Byline post={post} compact className="mt-2" />
          </div>
        </article>
      </div>
    )

  const lead = variant === 'lead'
  return (
    <article
      className={`group relative flex h-full overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-ink-200 hover:shadow-md ${lead ? 'flex-col lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]' : 'flex-col'}`}
    >
      <div className="relative">
        <Media post={post} className={MEDIA[variant]} size={variant} />
        {badges && <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">{badges}</div>}
      </div>
      <div className={`flex flex-1 flex-col ${lead ? 'p-6 sm:p-8 lg:p-10' : 'p-5'}`}>
        <Kicker post={post} />
        <Title
          as={heading}
          href={href}
          className={lead ? 'mt-3 text-3xl leading-tight sm:text-4xl' : 'mt-2 text-xl leading-snug'}
        >
          {post.title}
        </Title>
        {excerpt && (
          <div
            className={`mt-3 text-stone-600 ${lead ? 'line-clamp-4 font-serif text-lg leading-relaxed' : 'line-clamp-3 text-[15px] leading-relaxed'}`}
          >
            {excerpt}
          </div>
        )}
        {post.tags.length > 0 && <Tags tags={post.tags.slice(0, lead ? 5 : 3)} />}
        <div className="mt-auto pt-5">
          <Byline post={post} className="border-t border-stone-100 pt-4" />
        </div>
      </div>
    </article>
  )
}

/** The cover, or a panel set in type and tinted by category; decorative, the title says what it is. */
function Media({ post, className, size }: { post: PostCard; className: string; size: Variant }) {
  if (post.coverImage)
    return (
      <img src={post.coverImage} alt="" loading="lazy" className={`${className} bg-stone-100 object-cover`} />
    )
  const tint = CATEGORY_TINTS[post.category]
  const glyph = {
    row: '-right-1 -bottom-3 text-7xl',
    grid: '-bottom-10 right-4 text-[11rem]',
    lead: '-bottom-12 right-6 text-[11rem] lg:-bottom-20 lg:text-[20rem]',
  }[size]
  return (
    <div aria-hidden="true" className={`${className} ${tint.panel} relative overflow-hidden`}>
      <span
        className={`absolute font-serif leading-none font-semibold italic select-none ${tint.glyph} ${glyph}`}
      >
        {post.title.trim().charAt(0).toUpperCase()}
      </span>
      {size !== 'row' && (
        <span
          className={`absolute bottom-4 left-5 border-t border-current/30 pt-2 font-serif italic ${tint.text} ${size === 'lead' ? 'text-lg lg:bottom-8 lg:left-8 lg:text-2xl' : 'text-lg'}`}
        >
          {post.subjectSlug ? subjectLabel(post.subjectSlug) : POST_CATEGORY_LABELS[post.category]}
        </span>
      )}
    </div>
  )
}

function Badges({ post, featured }: { post: PostCard; featured: boolean }) {
  return (
    <>
      {featured && (
        <span className="inline-flex items-center gap-1 rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold text-stone-900 shadow-sm">
          <Star className="size-3 fill-current" aria-hidden />
          Featured
        </span>
      )}
      {post.access === 'subscribers' && (
        <span className="inline-flex items-center gap-1 rounded-full bg-ink-900 px-2 py-0.5 text-xs font-semibold text-white shadow-sm">
          <Lock className="size-3" aria-hidden />
          Subscribers
        </span>
      )}
    </>
  )
}

/** "ACADEMIC / PHYSICS", the subject linking to its hub. */
function Kicker({ post, extra }: { post: PostCard; extra?: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
      <span>{POST_CATEGORY_LABELS[post.category]}</span>
      {post.subjectSlug && (
        <>
          <span aria-hidden="true" className="text-stone-300">
            /
          </span>
          <Link
            to={subjectPath(post.subjectSlug)}
            className="relative z-10 hover:text-ink-900 hover:underline"
          >
            {subjectLabel(post.subjectSlug)}
          </Link>
        </>
      )}
      {extra && <span className="flex gap-1.5 tracking-normal normal-case">{extra}</span>}
    </p>
  )
}

/** The title's link covers the whole card; the other links sit above it. */
function Title({
  as: Heading,
  href,
  className,
  children,
}: {
  as: 'h3' | 'h4'
  href: string
  className: string
  children: ReactNode
}) {
  return (
    <Heading className={`font-serif font-semibold text-stone-900 ${className}`}>
      <Link
        to={href}
        className="decoration-ink-300 underline-offset-4 after:absolute after:inset-0 after:content-[''] group-hover:underline focus-visible:outline-none after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-ink-600"
      >
        {children}
      </Link>
    </Heading>
  )
}

function Tags({ tags }: { tags: string[] }) {
  return (
    <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagPath(tag)}
            className="relative z-10 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-600 hover:bg-ink-50 hover:text-ink-800"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/**
 * The author and date, then likes, comments and views (short on screen, exact for screen
 * readers). `compact`: one line of text, no avatar.
 */
function Byline({ post, compact, className }: { post: PostCard; compact?: boolean; className: string }) {
  const date = post.publishedAt && <TimeAgo iso={post.publishedAt} className="shrink-0 text-stone-500" />
  const author = writerPath(post.author.id)
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 text-sm ${className}`}>
      {compact ? (
        <p className="flex min-w-0 items-center gap-2">
          <Link to={author} className="relative z-10 truncate font-medium text-stone-700 hover:text-ink-800">
            {post.author.name}
          </Link>
          {date && (
            <>
              <span aria-hidden="true" className="text-stone-300">
                ·
              </span>
              {date}
            </>
          )}
        </p>
      ) : (
        <div className="flex min-w-0 items-center gap-2.5">
          <Avatar name={post.author.name} image={post.author.image} size="sm" />
          <div className="min-w-0 leading-tight">
            <Link
              to={author}
              className="relative z-10 block truncate font-medium text-stone-800 hover:text-ink-800"
            >
              {post.author.name}
            </Link>
            {date && <span className="text-xs">{date}</span>}
          </div>
        </div>
      )}
      <Counts post={post} />
    </div>
  )
}

function Counts({ post }: { post: PostCard }) {
  const counts = [
    { noun: 'like', icon: Heart, n: post.likes },
    { noun: 'comment', icon: MessageCircle, n: post.comments },
    { noun: 'view', icon: Eye, n: post.views },
  ]
  return (
    <ul aria-label="Reactions" className="flex items-center gap-3 text-stone-500">
      {counts.map(({ noun, icon: Icon, n }) => (
        <li key={noun} className="inline-flex items-center gap-1 tabular-nums" title={countOf(n, noun)}>
          <Icon className="size-3.5" aria-hidden />
          <span aria-hidden="true">{formatCompact(n)}</span>
          <span className="sr-only">{countOf(n, noun)}</span>
        </li>
      ))}
    </ul>
  )
}
