import { Link } from 'react-router'
import { bookPath, writerPath } from '#common/paths.ts'
import type { BookCard } from '#common/schemas/books.ts'
import { countOf } from '#web/lib/format.ts'
import { priceLabel } from '../lib/price.ts'
import { BookCover } from './book-cover.tsx'
import { formatAverage, ratingLabel, Stars } from './star-rating.tsx'

/** A book in the catalogue: cover, title, author, length and price; the title's link covers the card. */
export function BookCardItem({ book }: { book: BookCard }) {
  return (
    <article className="group relative flex h-full flex-col">
      <BookCover
        book={book}
        className="transition group-hover:-translate-y-1 group-hover:shadow-lg motion-reduce:transition-none"
      />
      <div className="mt-3 flex flex-1 flex-col">
        <h3 className="line-clamp-2 font-serif text-base leading-snug font-semibold text-stone-900 sm:text-lg">
          <Link
            to={bookPath(book.id)}
            className="decoration-ink-300 underline-offset-4 after:absolute after:inset-0 after:content-[''] group-hover:underline focus-visible:outline-none focus-visible:after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-ink-600"
          >
            {book.title}
          </Link>
        </h3>
        <p className="mt-0.5 truncate text-sm text-stone-600">
          <Link to={writerPath(book.author.id)} className="relative z-10 hover:text-ink-800 hover:underline">
            {book.author.name}
          </Link>
        </p>
        {book.rating.count > 0 && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-stone-600">
            <Stars
              value={book.rating.average}
              label={ratingLabel(book.rating.average, book.rating.count)}
              size="xs"
            />
            <span aria-hidden="true" className="tabular-nums">
              {formatAverage(book.rating.average)} ({book.rating.count.toLocaleString('en')})
            </span>
          </p>
        )}
        <div className="mt-auto flex items-baseline justify-between gap-2 pt-2 text-sm">
          <span className={`font-semibold ${book.price === 0 ? 'text-emerald-800' : 'text-stone-900'}`}>
            {priceLabel(book)}
          </span>
          <span className="truncate text-xs text-stone-500">{countOf(book.chapterCount, 'chapter')}</span>
        </div>
      </div>
    </article>
  )
}

export const BOOK_GRID =
  'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4 xl:grid-cols-5'

/** Books in a grid of covers. */
export function BookGrid({ books }: { books: BookCard[] }) {
  return (
    <ul className={BOOK_GRID}>
      {books.map((book) => (
        <li key={book.id}>
          <BookCardItem book={book} />
        </li>
      ))}
    </ul>
  )
}

/** Grey covers where books will appear, announced once as loading. */
export function BookGridSkeleton({
  count = 10,
  label = 'Loading books…',
}: {
  count?: number
  label?: string
}) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={BOOK_GRID}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <div key={i}>
            <div className="aspect-[2/3] animate-pulse rounded-md bg-stone-200/80" />
            <div className="mt-3 h-4 w-5/6 animate-pulse rounded bg-stone-200" />
            <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-stone-100" />
            <div className="mt-3 h-3 w-1/4 animate-pulse rounded bg-stone-200" />
          </div>
        ))}
      </div>
    </div>
  )
}
