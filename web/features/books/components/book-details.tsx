import { Download } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { subjectPath, writerPath } from '#common/paths.ts'
import type { BookPage } from '#common/schemas/books.ts'
import { SubscribeButton } from '#web/components/subscribe-button.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { countOf, formatLongDate } from '#web/lib/format.ts'
import { readingTimeLabel } from '../lib/book-action.ts'
import { priceLabel } from '../lib/price.ts'
import { BookActions } from './book-actions.tsx'
import { BookCover } from './book-cover.tsx'
import { ChapterList } from './chapter-list.tsx'

const STATUS_NOTES: Partial<Record<BookPage['status'], string>> = {
  draft: 'A draft: only you (and admins) can see this page until it is submitted and approved.',
  pending: 'Waiting for review: it will be in the store once an editor approves it.',
  rejected: 'Not approved: edit it and submit it again to put it in the store.',
}

/** "The first chapter is free to read", "The first 3 chapters are free to read". */
function previewNote(preview: number, chapters: number) {
  if (preview >= chapters) return 'Every chapter is free to read'
  return preview === 1
    ? 'The first chapter is free to read'
    : `The first ${preview} chapters are free to read`
}

/** The plain-text description's paragraphs (a blank line between them). */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)

interface BookDetailsProps {
  book: BookPage
  viewerId: string | undefined
  signedIn: boolean
  /** Keep offline, for a book the reader owns (the route brings it from the offline feature). */
  offlineAction?: ReactNode
}

/** /read/:bookId: the book as a shop shows it, with the right button for this reader and the contents. */
export function BookDetails({ book, viewerId, signedIn, offlineAction }: BookDetailsProps) {
  useDocumentTitle(book.title)
  const isAuthor = viewerId === book.author.id
  const note = STATUS_NOTES[book.status]
  const kicker = book.subjectSlug ? subjectLabel(book.subjectSlug) : POST_CATEGORY_LABELS[book.category]
  const facts = [
    countOf(book.chapterCount, 'chapter'),
    `${countOf(book.wordCount, 'word')} (${readingTimeLabel(book.wordCount)})`,
    book.publishedAt ? `Published ${formatLongDate(book.publishedAt)}` : null,
  ].filter(Boolean)
  return (
    <div className="mx-auto max-w-5xl pb-16">
      {note && (
        <p
          role="status"
          className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {note}
        </p>
      )}
      <div className="grid gap-8 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-10 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <BookCover book={book} size="lg" className="mx-auto w-44 sm:w-full" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
            {POST_CATEGORY_LABELS[book.category]}
            {book.subjectSlug && (
              <>
                <span aria-hidden="true" className="px-2 text-stone-300">
                  /
                </span>
                <Link to={subjectPath(book.subjectSlug)} className="hover:underline">
                  {kicker}
                </Link>
              </>
            )}
          </p>
          <h1 className="mt-2 text-3xl leading-tight font-semibold text-balance sm:text-4xl">{book.title}</h1>
          {book.subtitle && <p className="mt-2 font-serif text-xl text-stone-600 italic">{book.subtitle}</p>}
          <p className="mt-3 text-stone-700">
            by{' '}
            <Link
              to={writerPath(book.author.id)}
              className="font-medium text-stone-900 underline-offset-4 hover:underline"
            >
              {book.author.name}
            </Link>
          </p>
          <p className="mt-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-serif text-3xl font-semibold text-stone-900">{priceLabel(book)}</span>
            {book.owned && <span className="text-sm font-medium text-emerald-800">In your library</span>}
            {!book.readsAll && book.previewChapters > 0 && (
              <span className="text-sm text-stone-600">
                {previewNote(book.previewChapters, book.chapterCount)}
              </span>
            )}
          </p>
          <div className="mt-5">
            <BookActions book={book} viewerId={viewerId} />
          </div>
          {offlineAction}
          {book.readsAll && signedIn && (
            <a
              href={`/api/books/${encodeURIComponent(book.id)}/epub`}
              download
              className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline"
            >
              <Download className="size-4" aria-hidden /> Download EPUB
            </a>
          )}
          <ul
            aria-label="About this book"
            className="mt-6 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-600"
          >
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          {book.description && (
            <section aria-labelledby="book-blurb" className="mt-8">
              <h2 id="book-blurb" className="sr-only">
                About the book
              </h2>
              <div className="space-y-4 font-serif text-lg leading-relaxed text-stone-800">
                {paragraphsOf(book.description).map((paragraph, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the description's paragraphs, in order, never reordered
                  <p key={i} className="whitespace-pre-line">
                    {paragraph}
                  </p>
                ))}
              </div>
            </section>
          )}
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <section aria-labelledby="book-contents">
          <h2 id="book-contents" className="text-2xl font-semibold">
            Contents
          </h2>
          <div className="mt-4 rounded-2xl border border-stone-200 bg-white p-2 shadow-sm">
            {book.chapters.length === 0 ? (
              <p className="p-4 text-stone-600">No chapters yet.</p>
            ) : (
              <ChapterList
                bookId={book.id}
                chapters={book.chapters}
                readsAll={book.readsAll}
                savedId={book.position?.chapterId}
              />
            )}
          </div>
        </section>
        <section
          aria-labelledby="book-author"
          className="self-start rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
        >
          <h2 id="book-author" className="text-lg font-semibold">
            About the author
          </h2>
          <div className="mt-4 flex items-center gap-3">
            <Avatar name={book.author.name} image={book.author.image} />
            <Link
              to={writerPath(book.author.id)}
              className="min-w-0 truncate font-medium text-stone-900 hover:underline"
            >
              {book.author.name}
            </Link>
          </div>
          {book.author.bio && (
            <p className="mt-3 text-sm leading-relaxed text-stone-600">{book.author.bio}</p>
          )}
          {!isAuthor && (
            <div className="mt-4">
              <SubscribeButton writerId={book.author.id} variant="secondary" />
            </div>
          )}
        </section>
      </div>
    </div>
  )
}
