import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, ChevronLeft, ChevronRight, List, Lock } from 'lucide-react'
import { type ReactNode, type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { READER_FONT_SIZES } from '#common/constants.ts'
import { readPath } from '#common/paths.ts'
import type { BookPage, ReadingPosition } from '#common/schemas/books.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { bookQueries } from '../api/book-queries.ts'
import { isLockedError } from '../api/books.ts'
import { BAR_CONTROL, THEME_CLASSES, useReaderSettings, WIDTH_CLASSES } from '../lib/reader-settings.ts'
import { useReadingPosition } from '../lib/reading-position.ts'
import { BookActions } from './book-actions.tsx'
import { ChapterList } from './chapter-list.tsx'
import { FocusModeToggle, useFocusMode, usePageBackground } from './reader-focus-mode.tsx'
import { ReaderSettingsMenu } from './reader-settings-menu.tsx'

interface BookReaderProps {
  book: BookPage
  chapterId: string
  viewerId: string | undefined
  signedIn: boolean
  /** What the route adds over the chapter's body (highlights): its element, and the chapter shown (null while none is). */
  bodyTools?: (body: RefObject<HTMLDivElement | null>, shown: string | null) => ReactNode
}

// The chapter's body set like a book page: serif, generous leading, paragraphs spaced, headings
// and quotes in proportion to the text size (em), hyphenated where the browser can.
const BOOK_TYPE =
  'font-serif leading-[1.75] break-words hyphens-auto [&_p]:mb-[1.1em] [&_p]:text-pretty [&_h2]:mt-[2em] [&_h2]:mb-[0.6em] [&_h2]:text-[1.35em] [&_h2]:font-semibold [&_h2]:leading-snug [&_h2]:text-current [&_h3]:mt-[1.6em] [&_h3]:mb-[0.5em] [&_h3]:text-[1.15em] [&_h3]:font-semibold [&_h3]:text-current [&_ul]:mb-[1.1em] [&_ul]:list-disc [&_ul]:pl-[1.5em] [&_ol]:mb-[1.1em] [&_ol]:list-decimal [&_ol]:pl-[1.5em] [&_blockquote]:my-[1.4em] [&_blockquote]:border-l-4 [&_blockquote]:border-current/25 [&_blockquote]:pl-[1em] [&_blockquote]:italic [&_a]:underline [&_a]:underline-offset-2 [&_img]:mx-auto [&_img]:my-[1.5em] [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-[0.8em] [&_figcaption]:opacity-80 [&_pre]:my-[1.4em] [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-current/5 [&_pre]:p-4 [&_pre]:text-[0.85em] [&_hr]:my-[2em] [&_hr]:border-current/20'

/** Arrow keys turn chapters, unless the reader is typing, or a dialog or a modified key is in play. */
function isPageTurn(event: KeyboardEvent) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false
  const target = event.target instanceof Element ? event.target : null
  if (
    target?.closest(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]',
    )
  )
    return false
  return !document.querySelector('[aria-modal="true"]')
}

/** One chapter at a time: contents, settings, previous/next (and ←/→), progress, and the saved place. */
export function BookReader({ book, chapterId, viewerId, signedIn, bodyTools }: BookReaderProps) {
  const [settings, changeSettings] = useReaderSettings()
  const [contentsOpen, setContentsOpen] = useState(false)
  const focus = useFocusMode()
  usePageBackground(THEME_CLASSES[settings.theme].page)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const index = book.chapters.findIndex((c) => c.id === chapterId)
  const summary = book.chapters[index]
  // A chapter the table of contents already shows as locked is not asked for; the server's 403
  // covers a contents that changed since (the author moved the preview).
  const knownLocked = summary ? !book.readsAll && !summary.preview : false
  const wanted = Boolean(summary) && !knownLocked
  const chapter = useQuery({
    ...bookQueries.chapter(book.id, wanted ? chapterId : ''),
    enabled: wanted,
    // The previous chapter stays on screen (dimmed) while the next one arrives.
    placeholderData: keepPreviousData,
  })
  const locked = knownLocked || isLockedError(chapter.error)
  const body = useRef<HTMLDivElement>(null)
  const ready = !!chapter.data && chapter.data.id === chapterId && !chapter.isPlaceholderData

  const previous = index > 0 ? book.chapters[index - 1] : null
  const next = index >= 0 && index < book.chapters.length - 1 ? book.chapters[index + 1] : null
  const title = summary?.title ?? 'Chapter'
  useDocumentTitle(`${title} · ${book.title}`)

  const progress = useReadingPosition({
    bookId: book.id,
    chapterId,
    body,
    ready,
    // Offline the session is not read; a book page saying `owned` was sent to a signed-in reader.
    enabled: signedIn || book.owned,
    saved: book.position,
    onSaved: (position: ReadingPosition) =>
      queryClient.setQueryData<BookPage>(bookQueries.detail(book.id).queryKey, (b) =>
        b ? { ...b, position } : b,
      ),
  })

  const turn = useEffectEvent((event: KeyboardEvent) => {
    if (!isPageTurn(event)) return
    const to = event.key === 'ArrowLeft' ? previous : next
    if (!to) return
    event.preventDefault()
    navigate(readPath(book.id, to.id))
  })
  useEffect(() => {
    window.addEventListener('keydown', turn)
    return () => window.removeEventListener('keydown', turn)
  }, [])

  if (!summary) return <UnknownChapter bookId={book.id} />

  const theme = THEME_CLASSES[settings.theme]
  const through = book.chapters.length ? (index + (locked ? 0 : progress)) / book.chapters.length : 0
  const percent = Math.round(through * 100)
  return (
    // In focus mode the root layout hides the site's header and footer (data-focus-mode).
    <div className="pb-24" data-focus-mode={focus.on ? '' : undefined}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={readPath(book.id)}
          className={`inline-flex min-w-0 items-center gap-1.5 text-sm font-medium hover:underline ${theme.muted}`}
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{book.title}</span>
        </Link>
      </div>

      {/* Focus mode leaves the text alone: the contents open from the bar. */}
      <div className={focus.on ? '' : 'xl:grid xl:grid-cols-[16rem_minmax(0,1fr)] xl:gap-8'}>
        <nav aria-label="Contents" className={focus.on ? 'hidden' : 'hidden xl:block'}>
          <div className="sticky top-32 max-h-[calc(100vh-10rem)] overflow-y-auto rounded-2xl border border-stone-200 bg-white p-2 shadow-sm">
            <ChapterList
              bookId={book.id}
              chapters={book.chapters}
              readsAll={book.readsAll}
              currentId={chapterId}
              compact
            />
          </div>
        </nav>

        <div
          data-testid="reader-page"
          data-theme={settings.theme}
          className={`rounded-2xl px-5 py-10 transition-colors sm:px-10 sm:py-14 ${theme.page}`}
        >
          <article
            aria-labelledby="chapter-title"
            className={`mx-auto ${WIDTH_CLASSES[settings.width]}`}
            style={{ fontSize: `${READER_FONT_SIZES[settings.fontStep]}px` }}
          >
            <header className={`mb-10 border-b pb-8 text-center ${theme.rule}`}>
              <p className={`text-[0.7em] font-semibold tracking-[0.2em] uppercase ${theme.muted}`}>
                Chapter {summary.position}
              </p>
              <h1
                id="chapter-title"
                className="mt-3 font-serif text-[1.8em] leading-tight font-semibold text-current text-balance"
              >
                {title}
              </h1>
            </header>
            {locked ? (
              <LockedChapter book={book} viewerId={viewerId} />
            ) : chapter.isPending ? (
              <ChapterSkeleton />
            ) : chapter.error && !chapter.data ? (
              <QueryError what="this chapter" error={chapter.error} onRetry={() => void chapter.refetch()} />
            ) : (
              <div
                ref={body}
                data-chapter-body
                className={`${BOOK_TYPE} ${theme.link} ${chapter.isPlaceholderData ? 'opacity-50' : ''}`}
                // Sanitized on write by the server's allowlist (server/core/rich-text/rich-text.ts),
                // the same as every post body.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
                dangerouslySetInnerHTML={{ __html: chapter.data?.bodyHtml ?? '' }}
              />
            )}
            {bodyTools?.(body, ready ? chapterId : null)}
          </article>

          <nav
            aria-label="Chapters"
            className={`mx-auto mt-14 flex max-w-[46rem] items-stretch justify-between gap-3 border-t pt-6 ${theme.rule}`}
          >
            {previous ? (
              <Link
                to={readPath(book.id, previous.id)}
                rel="prev"
                className="group flex min-w-0 flex-1 flex-col items-start rounded-lg p-2 hover:bg-current/5"
              >
                <span
                  className={`inline-flex items-center gap-1 text-xs font-semibold uppercase ${theme.muted}`}
                >
                  <ChevronLeft className="size-4" aria-hidden /> Previous
                </span>
                <span className="mt-1 line-clamp-2 font-serif">{previous.title}</span>
              </Link>
            ) : (
              <span className="flex-1" />
            )}
            {next ? (
              <Link
                to={readPath(book.id, next.id)}
                rel="next"
                className="group flex min-w-0 flex-1 flex-col items-end rounded-lg p-2 text-right hover:bg-current/5"
              >
                <span
                  className={`inline-flex items-center gap-1 text-xs font-semibold uppercase ${theme.muted}`}
                >
                  Next <ChevronRight className="size-4" aria-hidden />
                </span>
                <span className="mt-1 line-clamp-2 font-serif">
                  {!book.readsAll && !next.preview && (
                    <Lock className="mr-1 inline size-3.5" aria-label="Locked" />
                  )}
                  {next.title}
                </span>
              </Link>
            ) : (
              <Link
                to={readPath(book.id)}
                className="flex min-w-0 flex-1 flex-col items-end rounded-lg p-2 text-right hover:bg-current/5"
              >
                <span className={`text-xs font-semibold uppercase ${theme.muted}`}>The end</span>
                <span className="mt-1 font-serif">Back to the book</span>
              </Link>
            )}
          </nav>
        </div>
      </div>

      {/* The reader's controls stay at hand at the bottom of the window, as in a reading app: leaving,
          the contents and the settings never need a scroll back to the top (which would move the place). */}
      <div className={`fixed inset-x-0 bottom-0 z-20 border-t backdrop-blur ${theme.bar}`}>
        <div aria-hidden="true" className="h-[3px] bg-stone-500/20">
          <div
            className="h-full origin-left bg-ink-600 motion-safe:transition-transform"
            style={{ transform: `scaleX(${through})` }}
          />
        </div>
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1.5 sm:px-6">
          <Link
            to={readPath(book.id)}
            aria-label={`Back to the book: ${book.title}`}
            className={`${BAR_CONTROL} px-2 ${theme.control}`}
          >
            <ArrowLeft className="size-4" aria-hidden />
            <span className="hidden sm:inline">Book</span>
          </Link>
          <p className={`min-w-0 flex-1 truncate text-center text-xs tabular-nums ${theme.muted}`}>
            Chapter {summary.position} of {book.chapters.length} · {percent}%
            <span className="hidden sm:inline"> through the book · ← → to turn chapters</span>
          </p>
          <button
            type="button"
            onClick={() => setContentsOpen(true)}
            className={`${BAR_CONTROL} ${theme.control} ${focus.on ? '' : 'xl:hidden'}`}
          >
            <List className="size-4" aria-hidden />
            {/* At 320 px the words give way to the progress line; the name stays. */}
            <span className="max-[359px]:sr-only">Contents</span>
          </button>
          <FocusModeToggle focus={focus} theme={settings.theme} />
          <ReaderSettingsMenu settings={settings} onChange={changeSettings} />
        </div>
      </div>

      {contentsOpen && (
        <Dialog
          title="Contents"
          description={`${book.title} · ${book.chapters.length} chapters`}
          onClose={() => setContentsOpen(false)}
        >
          <nav aria-label="Chapters of the book" className="-mx-2 mt-4 max-h-[60vh] overflow-y-auto">
            <ChapterList
              bookId={book.id}
              chapters={book.chapters}
              readsAll={book.readsAll}
              currentId={chapterId}
              onChoose={() => setContentsOpen(false)}
              compact
            />
          </nav>
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={() => setContentsOpen(false)}>
              Close
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  )
}

/** In place of a chapter past the preview, for someone who does not own the book. */
function LockedChapter({ book, viewerId }: { book: BookPage; viewerId: string | undefined }) {
  const free = book.price === 0
  return (
    <section
      aria-labelledby="locked-chapter-title"
      className="rounded-2xl border border-ink-100 bg-gradient-to-b from-ink-50 to-white px-6 py-10 text-center font-sans text-base text-stone-700 sm:px-10"
    >
      <Lock aria-hidden className="mx-auto size-9 text-ink-700" strokeWidth={1.6} />
      <h2 id="locked-chapter-title" className="mt-4 font-serif text-2xl font-semibold text-stone-900">
        {free ? 'Add the book to your library to read on' : 'Buy the book to read on'}
      </h2>
      <p className="mx-auto mt-2 max-w-md">
        {free
          ? `This chapter is past the free preview. “${book.title}” is free: add it to your library and every chapter opens, on any device.`
          : `You have reached the end of the free preview. Buy “${book.title}” to read every chapter, on any device, from where you stopped.`}
      </p>
      <div className="mt-6 flex justify-center">
        <BookActions book={book} viewerId={viewerId} size="md" withPreview={false} />
      </div>
    </section>
  )
}

function UnknownChapter({ bookId }: { bookId: string }) {
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="chapter-missing-title">
      <h1 id="chapter-missing-title" className="font-serif text-3xl font-semibold">
        This chapter isn’t in the book
      </h1>
      <p className="mt-3 text-stone-600">
        The author may have removed or replaced it. Pick a chapter from the contents.
      </p>
      <div className="mt-8">
        <Link to={readPath(bookId)} className="font-medium text-ink-700 underline-offset-4 hover:underline">
          Back to the book
        </Link>
      </div>
    </section>
  )
}

function ChapterSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading the chapter…</span>
      {['w-full', 'w-full', 'w-11/12', 'w-full', 'w-3/5', 'w-full', 'w-full', 'w-4/5'].map((width, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture, never reordered
        <div key={i} aria-hidden="true" className={`h-4 animate-pulse rounded bg-current/10 ${width}`} />
      ))}
    </div>
  )
}
