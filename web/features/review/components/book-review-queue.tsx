import { useId, useState } from 'react'
import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { formatMoney } from '#common/money.ts'
import type { BookReviewItem, ChapterSummary } from '#common/schemas/books.ts'
import { RejectDialog } from '#web/components/reject-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { ReviewQueueSection } from '#web/components/ui/review-queue-section.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf, formatDate } from '#web/lib/format.ts'
import {
  useApproveBook,
  useBookReviewQueue,
  useBookUnderReview,
  useChapterUnderReview,
  useRejectBook,
} from '../api/books.ts'

function ChapterBody({ bookId, chapterId }: { bookId: string; chapterId: string }) {
  const chapter = useChapterUnderReview(bookId, chapterId)
  if (chapter.isPending) return <Spinner label="Loading the chapter…" />
  if (chapter.error) return <Alert>We couldn't load the chapter. {chapter.error.message}</Alert>
  return (
    <div
      className="prose-ink mt-3 max-h-[28rem] overflow-y-auto rounded-lg bg-stone-50 px-4 py-2 break-words"
      // Chapters are sanitized on write by the same allowlist as posts (server/modules/posts/rich-text.ts).
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
  const full = useBookUnderReview(book.id, true)
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
  const [open, setOpen] = useState(false)
  const [rejecting, setRejecting] = useState(false)
  const approve = useApproveBook()
  const reject = useRejectBook()
  const id = useId()
  const busy = approve.isPending || reject.isPending
  return (
    <li
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex gap-4">
        {book.coverImage && (
          <img
            src={book.coverImage}
            alt=""
            className="aspect-[2/3] w-16 shrink-0 self-start rounded object-cover shadow-sm ring-1 ring-stone-200"
          />
        )}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
            <span className="rounded-full bg-ink-50 px-2.5 py-0.5 font-medium text-ink-800">Book</span>
            <span>
              {book.category === 'academic' && book.subjectSlug
                ? subjectLabel(book.subjectSlug)
                : POST_CATEGORY_LABELS[book.category]}
            </span>
            <span aria-hidden="true">·</span>
            <span>
              Submitted <time dateTime={book.updatedAt}>{formatDate(book.updatedAt)}</time>
            </span>
          </div>
          <h3 id={`${id}-title`} className="mt-2 font-serif text-xl font-semibold break-words text-stone-900">
            {book.title}
          </h3>
          {book.subtitle && <p className="text-sm text-stone-600">{book.subtitle}</p>}
          <p className="mt-1 text-sm text-stone-600">by {book.author.name}</p>
          <p className="mt-2 text-sm text-stone-600">
            {countOf(book.chapterCount, 'chapter')} · {countOf(book.wordCount, 'word')} ·{' '}
            {book.price === 0 ? 'Free' : formatMoney(book.price, book.currency)} ·{' '}
            {countOf(book.previewChapters, 'preview chapter')}
          </p>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-contents`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide the book' : 'Open the book'}
        </Button>
        <span className="flex-1" />
        <Button variant="secondary" size="sm" onClick={() => setRejecting(true)} disabled={busy}>
          Reject
        </Button>
        <Button size="sm" busy={approve.isPending} disabled={busy} onClick={() => approve.mutate(book.id)}>
          Approve
        </Button>
      </div>
      {open && (
        <section
          id={`${id}-contents`}
          aria-label={`Contents of ${book.title}`}
          className="mt-5 border-t border-stone-200 pt-5"
        >
          <BookContents book={book} />
        </section>
      )}
      {rejecting && (
        <RejectDialog
          title={book.title}
          description="The author sees your reason beside the book, can change it and submit it again."
          placeholder="For example: chapter 2 repeats chapter 1"
          busy={reject.isPending}
          onClose={() => setRejecting(false)}
          onConfirm={(reason) =>
            reject.mutate({ id: book.id, reason }, { onSuccess: () => setRejecting(false) })
          }
        />
      )}
    </li>
  )
}

/** The admins' queue of books waiting for a decision, in /pending beside posts and exams. */
export function BookReviewQueue() {
  return (
    <ReviewQueueSection
      id="book-review-title"
      title="Books to review"
      description="Books writers have submitted, the longest-waiting first."
      query={useBookReviewQueue()}
      loadingLabel="Loading the books to review…"
      emptyTitle="No books waiting"
    >
      {(book) => <BookReviewEntry key={book.id} book={book} />}
    </ReviewQueueSection>
  )
}
