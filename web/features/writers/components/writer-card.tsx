import { Heart, NotebookPen } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { writerPath } from '#common/paths.ts'
import type { WriterCard } from '#common/schemas/writers.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { countOf } from '#web/lib/format.ts'

interface WriterCardItemProps {
  writer: WriterCard
  /** Shown instead of the bio (search passes a highlighted snippet). */
  children?: ReactNode
  /** A short pill beside the name, such as "You". */
  label?: string
}

/** A writer in a list: who they are, what they write about, how much they have published. */
export function WriterCardItem({ writer, children, label }: WriterCardItemProps) {
  return (
    <article className="relative flex h-full gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-ink-200 hover:shadow-md">
      <Avatar name={writer.name} image={writer.image} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h3 className="min-w-0 truncate text-lg leading-snug font-semibold text-stone-900">
            {/* The whole card is the link's target area; the name alone is its accessible name. */}
            <Link
              to={writerPath(writer.id)}
              className="underline-offset-4 after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ink-600"
            >
              {writer.name}
            </Link>
          </h3>
          {label && (
            <span className="shrink-0 rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold text-stone-900">
              {label}
            </span>
          )}
        </div>
        <div className="mt-1 line-clamp-3 text-sm text-stone-600">
          {children ?? (writer.bio || <span className="italic text-stone-400">No bio yet</span>)}
        </div>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-500">
          <span className="inline-flex items-center gap-1">
            <NotebookPen className="size-3.5" aria-hidden />
            {countOf(writer.posts, 'post')}
          </span>
          <span className="inline-flex items-center gap-1">
            <Heart className="size-3.5" aria-hidden />
            {countOf(writer.likes, 'like')}
          </span>
        </p>
      </div>
    </article>
  )
}
