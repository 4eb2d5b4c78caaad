import { PenLine, Search, Users } from 'lucide-react'
import { useId } from 'react'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useWriterProfile } from '#web/data/subscriptions.ts'
import { useWriters } from '../api/get-writers.ts'
import { WriterCardItem } from './writer-card.tsx'

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'

/** The directory's search field (the page keeps its value in the URL). */
export function WriterSearchField({
  value,
  onChange,
  searching,
}: {
  value: string
  onChange: (value: string) => void
  searching: boolean
}) {
  const id = useId()
  return (
    <search className="relative max-w-xl">
      <label htmlFor={id} className="sr-only">
        Search writers by name or bio
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-400"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search by name or subject"
        maxLength={100}
        className="h-11 w-full rounded-full border border-stone-300 bg-white pr-11 pl-10 text-[15px] shadow-xs placeholder:text-stone-400 focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
      />
      {searching && (
        <span className="absolute top-1/2 right-4 -translate-y-1/2 text-ink-700">
          <Spinner size="sm" label="Searching" />
        </span>
      )}
    </search>
  )
}

/**
 * The signed-in person's own card, labelled "You"; someone who has published nothing yet (not in
 * the directory: their page answers them alone) is invited to write their first post instead.
 */
export function MyWriterCard({ userId }: { userId: string }) {
  const mine = useWriterProfile(userId)
  if (mine.isPending)
    return (
      <div aria-hidden="true" className="h-32 animate-pulse rounded-2xl border border-stone-200 bg-white" />
    )
  if (!mine.data)
    return <QueryError what="your card" error={mine.error} onRetry={() => void mine.refetch()} />
  if (mine.data.posts > 0) return <WriterCardItem writer={mine.data} label="You" />
  return (
    <div className="flex h-full flex-col items-start gap-3 rounded-2xl border border-dashed border-ink-200 bg-ink-50/60 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-serif text-lg font-semibold text-stone-900">Your name could be here</p>
        <p className="mt-1 text-sm text-stone-600">
          Publish your first lesson or story and you join the directory, with your own writer page.
        </p>
      </div>
      <ButtonLink to="/post" className="shrink-0">
        <PenLine className="size-4" aria-hidden />
        Write your first post
      </ButtonLink>
    </div>
  )
}

/** The writers matching `q` (all of them, by name, when empty), a page at a time. */
export function WriterResults({
  q,
  myId,
  hideMe,
  onClear,
}: {
  q: string
  myId: string | undefined
  /** My card is already on top: leave it out of the list. */
  hideMe: boolean
  onClear: () => void
}) {
  const writers = useWriters(q)
  if (writers.isPending) return <WriterGridSkeleton />
  // A failed "Load more" keeps the pages already shown (and says so under them).
  if (!writers.data)
    return <QueryError what="the writers" error={writers.error} onRetry={() => void writers.refetch()} />

  const items = writers.data.pages
    .flatMap((page) => page.items)
    .filter((writer) => !(hideMe && writer.id === myId))
  if (items.length === 0)
    return q ? (
      <EmptyState icon={<Search className="size-8" aria-hidden />} title={`No writers match “${q}”`}>
        <p>Try a shorter part of their name, or a subject they write about.</p>
        <Button variant="secondary" className="mt-4" onClick={onClear}>
          Clear the search
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<Users className="size-8" aria-hidden />} title="No writers yet">
        <p>Be the first: publish a lesson or a story and your card appears here.</p>
        <ButtonLink to="/post" className="mt-4">
          Write a post
        </ButtonLink>
      </EmptyState>
    )

  return (
    <div>
      <p className={q ? 'mb-4 text-sm text-stone-500' : 'sr-only'} aria-live="polite">
        {q
          ? `${items.length}${writers.hasNextPage ? '+' : ''} ${items.length === 1 && !writers.hasNextPage ? 'writer' : 'writers'} matching “${q}”`
          : 'All writers'}
      </p>
      <ul className={GRID}>
        {items.map((writer) => (
          <li key={writer.id}>
            <WriterCardItem writer={writer} label={writer.id === myId ? 'You' : undefined} />
          </li>
        ))}
      </ul>
      <LoadMore pages={writers} />
      {writers.isFetchNextPageError && (
        <div className="mt-4">
          <QueryError
            what="more writers"
            error={writers.error}
            onRetry={() => void writers.fetchNextPage()}
          />
        </div>
      )}
    </div>
  )
}

export function WriterGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading writers…</span>
      <div aria-hidden="true" className={GRID}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <div key={i} className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-5">
            <div className="size-10 shrink-0 animate-pulse rounded-full bg-stone-200" />
            <div className="flex-1 space-y-2.5">
              <div className="h-4 w-1/2 animate-pulse rounded bg-stone-200" />
              <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
