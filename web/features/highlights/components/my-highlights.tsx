import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { BookOpen, FileText, Highlighter, Lock, Trash2, Unlink } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import type { Highlight } from '#common/schemas/highlights.ts'
import { EmptyState } from '#web/components/ui/card.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { announce } from '#web/lib/announce.ts'
import { formatDate } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { highlightQueries, type ListFilters, useDeleteHighlight } from '../api/highlights.ts'
import { type Place, placesOf } from '../lib/places.ts'
import { COLOUR_CLASSES } from '../lib/text-ranges.ts'

const SEARCH_DELAY_MS = 300

/** A place's key ("book:<id>" or "post:<id>") as the list's filter. */
function filtersOf(place: string, q: string): ListFilters {
  const [kind, id] = place.split(':')
  return {
    q: q || undefined,
    bookId: kind === 'book' ? id : undefined,
    postId: kind === 'post' ? id : undefined,
  }
}

function HighlightEntry({ highlight, showChapter }: { highlight: Highlight; showChapter: boolean }) {
  const t = highlight.target
  const remove = useDeleteHighlight()
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
      {showChapter && t.kind === 'chapter' && (
        <p className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          Chapter {t.chapterPosition}: {t.chapterTitle}
        </p>
      )}
      <blockquote className="font-serif text-[17px] leading-relaxed text-stone-900">
        <span className={`box-decoration-clone rounded-sm px-0.5 ${COLOUR_CLASSES[highlight.colour]}`}>
          {highlight.exact}
        </span>
      </blockquote>
      {highlight.orphaned && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-800">
          <Unlink className="size-4 shrink-0" aria-hidden /> The passage was edited away
        </p>
      )}
      {highlight.note && (
        <div className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
          <p className="flex items-center gap-1 text-xs font-medium text-stone-500">
            <Lock className="size-3" aria-hidden /> Private note
          </p>
          <p className="mt-1 whitespace-pre-line">{highlight.note}</p>
        </div>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-3 text-sm text-stone-500">
        <time dateTime={highlight.createdAt}>{formatDate(highlight.createdAt)}</time>
        <Link to={t.link} className="font-medium text-ink-700 underline-offset-4 hover:underline">
          {highlight.orphaned ? 'Open the text' : 'Read in context'}
        </Link>
        <button
          type="button"
          disabled={remove.isPending}
          aria-label={`Delete the highlight “${highlight.exact.slice(0, 40)}”`}
          onClick={() => remove.mutate(highlight.id, { onSuccess: () => announce('Highlight deleted') })}
          className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </button>
      </p>
    </li>
  )
}

function PlaceSection({ place }: { place: Place }) {
  const Icon = place.kind === 'book' ? BookOpen : FileText
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold">
        <Icon className="size-5 shrink-0 text-stone-500" aria-hidden />
        <span className="sr-only">{place.kind === 'book' ? 'Book:' : 'Post:'}</span> {place.title}
      </h2>
      <ul className="space-y-3">
        {place.items.map((h) => (
          <HighlightEntry key={h.id} highlight={h} showChapter={place.kind === 'book'} />
        ))}
      </ul>
    </section>
  )
}

/** My highlights: by book and by post, searched and filtered, the orphaned ones said so. */
export function MyHighlights() {
  const [search, setSearch] = useState('')
  const [place, setPlace] = useState('')
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const filtered = !!q || !!place
  const list = useInfiniteQuery({
    ...highlightQueries.list(filtersOf(place, q)),
    placeholderData: keepPreviousData,
  })
  // The filter offers the books and posts of the whole list (the same query when nothing is filtered).
  const all = useInfiniteQuery(highlightQueries.list({}))
  const options = placesOf(all.data?.pages.flatMap((p) => p.items) ?? [])
  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  const filterId = useId()

  let body: ReactNode
  if (list.isPending) body = <ScreenSpinner label="Loading your highlights…" />
  else if (list.isError && !list.data)
    body = <QueryError what="your highlights" error={list.error} onRetry={() => void list.refetch()} />
  else if (items.length === 0)
    body = filtered ? (
      <EmptyState title={q ? `No highlight or note matches “${q}”` : 'No highlights here'}>
        Search finds words at the start: “lante” finds “lantern”.
      </EmptyState>
    ) : (
      <EmptyState icon={<Highlighter className="size-8" aria-hidden />} title="No highlights yet">
        In a chapter or a post, select some text, then choose <strong>Highlight</strong> or a colour. With the
        keyboard, select with Shift and the arrow keys, then press <kbd>H</kbd>. Add a note if you like: notes
        are private.
      </EmptyState>
    )
  else
    body = (
      <div className="space-y-10" aria-busy={list.isPlaceholderData}>
        {placesOf(items).map((p) => (
          <PlaceSection key={p.key} place={p} />
        ))}
        <LoadMore pages={list} label="More highlights" />
      </div>
    )

  return (
    <div className="space-y-6">
      {/* Nothing to search before the first highlight: the empty state says how to make one. */}
      {(filtered || items.length > 0) && (
        <search className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
          <TextField
            label="Search highlights and notes"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <div className="space-y-1.5">
            <label htmlFor={filterId} className="block text-sm font-medium text-stone-800">
              Book or post
            </label>
            <select
              id={filterId}
              value={place}
              onChange={(event) => setPlace(event.target.value)}
              className="block h-[42px] w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] text-stone-900 shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
            >
              <option value="">All books and posts</option>
              {options.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.kind === 'book' ? 'Book' : 'Post'}: {o.title}
                </option>
              ))}
            </select>
          </div>
        </search>
      )}
      {body}
    </div>
  )
}
