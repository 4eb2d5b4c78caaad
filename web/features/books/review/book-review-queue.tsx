import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import type { BookReviewItem, ChapterSummary } from '#common/schemas/books.ts'
import { Dot, ReviewEntry, Submitted } from '#web/components/review-queue/review-entry.tsx'
import { ReviewQueue } from '#web/components/review-queue/review-queue.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'
import { bookQueries } from '../api/book-queries.ts'
import { useApproveBook, useRejectBook } from '../api/book-review.ts'
import { priceLabel } from '../lib/price.ts'

function ChapterBody({ bookId, chapterId }: { bookId: string; chapterId: string }) {
  const chapter = useQuery(bookQueries.chapterUnderReview(bookId, chapterId))
  if (chapter.isPending) return <Spinner label="Loading the chapter…" />
  if (chapter.error) return <Alert>We couldn't load the chapter. {chapter.error.message}</Alert>
  return (
    <div
      className="prose-ink mt-3 max-h-[28rem] overflow-y-auto rounded-lg bg-stone-50 px-4 py-2 break-words"
      // Chapters are sanitized on write by the same allowlist as posts (server/core/rich-text/rich-text.ts).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
      dangerouslySetInnerHTML={{ __html: chapter.data.bodyHtml || '<p><em>This chapter is empty.</em></p>' }}
    />
  )
}

function ChapterEntry({ bookId, chapter }: { bookId: string; chapter: ChapterSummary }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0">
          <span className="font-medium text-stone-900">
            {chapter.position}. {chapter.title}
          </span>{' '}
          <span className="text-stone-500">
            {countOf(chapter.wordCount, 'word')}
            {chapter.preview && ' · Free preview'}
          </span>
        </span>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? 'Hide' : 'Read'} chapter ${chapter.position}, “${chapter.title}”`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Read'}
        </Button>
      </div>
      {open && (
        <div id={id}>
          <ChapterBody bookId={bookId} chapterId={chapter.id} />
        </div>
      )}
    </li>
  )
}

/** The reviewer opens the book: its blurb and its chapters, each readable in place. */
function BookContents({ book }: { book: BookReviewItem }) {
  const full = useQuery(bookQueries.underReview(book.id))
  return (
    <>
      {book.description ? (
        <p className="text-sm whitespace-pre-wrap text-stone-700">{book.description}</p>
      ) : (
        <p className="text-sm text-stone-500 italic">No description.</p>
      )}
      <h4 className="mt-5 text-sm font-semibold text-stone-900">Chapters</h4>
      {full.isPending ? (
        <Spinner label="Loading the chapters…" />
      ) : full.error ? (
        <Alert>We couldn't load the chapters. {full.error.message}</Alert>
      ) : (
        <ol className="divide-y divide-stone-100">
          {full.data.chapters.map((chapter) => (
            <ChapterEntry key={chapter.id} bookId={book.id} chapter={chapter} />
          ))}
        </ol>
      )}
    </>
  )
}

function BookReviewEntry({ book }: { book: BookReviewItem }) {
  const approve = useApproveBook()
  const reject = useRejectBook()
  return (
    <ReviewEntry
      badge="Book"
      meta={
        <>
          <span>
            {book.category === 'academic' && book.subjectSlug
              ? subjectLabel(book.subjectSlug)
              : POST_CATEGORY_LABELS[book.category]}
          </span>
          <Dot />
          <Submitted at={book.updatedAt} />
        </>
      }
      title={book.title}
      subtitle={book.subtitle}
      author={book.author.name}
      aside={
        book.coverImage && (
          <img
            src={book.coverImage}
            alt=""
            className="aspect-[2/3] w-16 shrink-0 self-start rounded object-cover shadow-sm ring-1 ring-stone-200"
          />
        )
      }
      summary={
        <>
          {countOf(book.chapterCount, 'chapter')} · {countOf(book.wordCount, 'word')} · {priceLabel(book)} ·{' '}
          {countOf(book.previewChapters, 'preview chapter')}
        </>
      }
      contents={{
        show: 'Open the book',
        hide: 'Hide the book',
        label: `Contents of ${book.title}`,
        render: () => <BookContents book={book} />,
      }}
      approving={approve.isPending}
      onApprove={() => approve.mutate(book.id)}
      rejection={{
        description: 'The author sees your reason beside the book, can change it and submit it again.',
        placeholder: 'For example: chapter 2 repeats chapter 1',
      }}
      rejecting={reject.isPending}
      onReject={(reason, done) => reject.mutate({ id: book.id, reason }, { onSuccess: done })}
    />
  )
}

/** The admins' queue of books waiting for a decision, in /pending beside posts and exams. */
export function BookReviewQueue() {
  return (
    <ReviewQueue
      id="book-review-title"
      title="Books to review"
      description="Books writers have submitted, the longest-waiting first."
      query={useInfiniteQuery(bookQueries.reviewQueue())}
      loadingLabel="Loading the books to review…"
      emptyTitle="No books waiting"
    >
      {(book) => <BookReviewEntry key={book.id} book={book} />}
    </ReviewQueue>
  )
}
