import { BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import { readPath } from '#common/paths.ts'
import type { LibraryItem } from '#common/schemas/books.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { BookCover } from './book-cover.tsx'

/** The book in my library I read last (the latest saved position), if I have started one. */
export function lastRead(items: LibraryItem[]): LibraryItem | null {
  let latest: LibraryItem | null = null
  for (const item of items)
    if (
      item.position?.chapterId &&
      (!latest?.position || item.position.updatedAt > latest.position.updatedAt)
    )
      latest = item
  return latest
}

const percent = (through: number) => `${Math.round(through * 100)}%`

/** One of my books on the dashboard: cover, title, author, and how far (and when) I have read it. */
export function LibraryRow({ item }: { item: LibraryItem }) {
  const { book, position, through } = item
  const started = !!position?.chapterId
  return (
    <li>
      <Link
        to={started ? readPath(book.id, position?.chapterId) : readPath(book.id)}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50"
      >
        <BookCover book={book} size="sm" className="w-10 shrink-0 shadow-sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-stone-900 group-hover:text-ink-800">
            {book.title}
          </span>
          <span className="mt-0.5 block truncate text-xs text-stone-500">
            {book.author.name} ·{' '}
            {started && position ? (
              <>
                {through !== null && `${percent(through)} read · `}
                Last read <TimeAgo iso={position.updatedAt} />
              </>
            ) : (
              'Not started'
            )}
          </span>
        </span>
      </Link>
    </li>
  )
}

/** The book I read last, opened at the chapter where I stopped, with how far through the book I am. */
export function ContinueReadingCard({ item }: { item: LibraryItem }) {
  const { book, position, chapter, through } = item
  return (
    <div className="flex flex-1 gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <BookCover book={book} size="sm" className="w-16 shrink-0 self-start sm:w-20" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate font-serif text-lg leading-snug font-semibold text-stone-900">{book.title}</p>
        <p className="truncate text-sm text-stone-600">{book.author.name}</p>
        <p className="mt-2 text-sm text-stone-700">
          {chapter ? (
            <>
              Chapter {chapter.position}: {chapter.title}
            </>
          ) : (
            <span className="text-stone-500">Where you stopped</span>
          )}
        </p>
        {through !== null && (
          <div className="mt-2">
            <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-stone-100">
              <div className="h-full rounded-full bg-ink-600" style={{ width: percent(through) }} />
            </div>
            <p className="mt-1 text-xs text-stone-500">{percent(through)} through the book</p>
          </div>
        )}
        <div className="mt-auto pt-3">
          <ButtonLink
            to={readPath(book.id, position?.chapterId)}
            size="sm"
            aria-label={`Continue reading ${book.title}`}
          >
            <BookOpen className="size-4" aria-hidden />
            Continue reading
          </ButtonLink>
        </div>
      </div>
    </div>
  )
}
