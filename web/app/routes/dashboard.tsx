import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { BookOpen, ClipboardList, FileText, Library, PenLine } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { writerPath } from '#common/paths.ts'
import type { LibraryPage } from '#common/schemas/books.ts'
import type { Me } from '#common/schemas/profile.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Shelf, ShelfEmpty, ShelfList, ShelfLoading } from '#web/components/ui/shelf.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { FinishProfileBanner } from '#web/features/account/components/finish-profile-banner.tsx'
import { QuickActions } from '#web/features/account/components/quick-actions.tsx'
import { useAdminWaiting } from '#web/features/admin/api/get-waiting.ts'
import { AdminDesk } from '#web/features/admin/components/admin-desk.tsx'
import { bookQueries } from '#web/features/books/api/book-queries.ts'
import { ContinueReadingCard, LibraryRow, lastRead } from '#web/features/books/components/library-shelf.tsx'
import { useRecentAttempts } from '#web/features/exams/api/browse-exams.ts'
import { RecentAttemptItem } from '#web/features/exams/components/recent-attempt-item.tsx'
import { SubjectLevels } from '#web/features/mastery/components/subject-levels.tsx'
import { useRecentPosts } from '#web/features/my-posts/api/get-my-posts.ts'
import { RecentPostItem } from '#web/features/my-posts/components/recent-post-item.tsx'
import { DuePractice } from '#web/features/practice/components/due-practice.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useFirstVisit } from '#web/lib/first-visit.ts'
import { useMe } from '#web/lib/session.ts'
import { type Workplace, workplacesFor } from '../workplaces.ts'

/** How many of each the dashboard's shelves show; the full lists are a link away. */
const SHELF_SIZE = 5
/** The books whose saved places "Continue reading" picks the latest from. */
const LIBRARY_WINDOW = 20

const TAGLINES: Record<NonNullable<Me['intent']> | 'none', string> = {
  read: 'Pick up where you left off, or find something new to learn.',
  write: 'Ready to write something today?',
  both: 'Read something good, or write something of your own.',
  none: 'Your corner of Inkwell: what you read, write and learn.',
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name

const memberSince = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })

export default function Dashboard() {
  useDocumentTitle('Dashboard')
  const me = useMe()
  const isAdmin = me.data?.role === 'admin'
  const waiting = useAdminWaiting(isAdmin).data
  const posts = useRecentPosts(SHELF_SIZE)
  const attempts = useRecentAttempts(SHELF_SIZE)
  const library = useQuery(bookQueries.library(LIBRARY_WINDOW))

  if (me.isPending) return <ScreenSpinner label="Loading your dashboard…" />
  if (me.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-6 text-4xl font-semibold">Dashboard</h1>
        <QueryError what="your dashboard" error={me.error} onRetry={() => me.refetch()} />
      </div>
    )
  }

  const profile = me.data
  // Someone who came to write (or has written) gets their tools first; a reader gets reading first
  // and the writer's tools in one row at the end.
  const writes =
    isAdmin || profile.intent === 'write' || profile.intent === 'both' || !!posts.data?.items.length
  // The admin area has its own card above (the desk); practice has its own card below.
  const places = workplacesFor(profile.role)
    .filter((place) => place.to !== '/admin' && !place.practiceDue && (writes || !place.writing))
    .map((place) => ({ ...place, count: waiting && place.waiting?.(waiting) }))
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <Greeting profile={profile} />

      {!profile.onboarded && <FinishProfileBanner />}
      {isAdmin && <AdminDesk />}
      {writes && <QuickActions actions={places} />}

      <div className="grid gap-x-6 gap-y-10 sm:grid-cols-2">
        <Shelf title="Continue reading">
          <ContinueReading query={library} />
        </Shelf>
        <Shelf title="Practice" more={{ to: '/practice', label: 'Open practice' }}>
          <DuePractice />
        </Shelf>
        <Shelf title="My library">
          <ShelfItems
            query={{ ...library, data: library.data && { items: library.data.items.slice(0, SHELF_SIZE) } }}
            what="your library"
            empty={
              <ShelfEmpty icon={Library} action={{ to: '/books', label: 'Browse the Books Store' }}>
                Books you buy or add for free will be kept here, ready to read on any device.
              </ShelfEmpty>
            }
          >
            {(item) => <LibraryRow key={item.book.id} item={item} />}
          </ShelfItems>
        </Shelf>
        <Shelf title="Your subjects">
          <SubjectLevels />
        </Shelf>
        <Shelf title="Exam attempts" more={{ to: '/exams?tab=attempts', label: 'All attempts' }}>
          <ShelfItems
            query={attempts}
            what="your attempts"
            empty={
              <ShelfEmpty icon={ClipboardList} action={{ to: '/exams', label: 'Go to the Exams Room' }}>
                Exams you take will be listed here with your score, pass or fail, and a link to the results.
              </ShelfEmpty>
            }
          >
            {(attempt) => <RecentAttemptItem key={attempt.id} attempt={attempt} />}
          </ShelfItems>
        </Shelf>
        {writes && (
          <Shelf title="My recent posts" more={{ to: '/topics', label: 'All my posts' }}>
            <ShelfItems
              query={posts}
              what="your posts"
              empty={
                <ShelfEmpty icon={FileText} action={{ to: '/post', label: 'Write your first post' }}>
                  Your latest lessons and stories will show here, with their status: draft, in review or
                  published.
                </ShelfEmpty>
              }
            >
              {(post) => <RecentPostItem key={post.id} post={post} />}
            </ShelfItems>
          </Shelf>
        )}
      </div>

      {!writes && (
        <>
          <QuickActions actions={places} />
          <WritingRow places={workplacesFor(profile.role).filter((place) => place.writing)} />
        </>
      )}
    </div>
  )
}

/** "Welcome" the first time this account opens its dashboard here, "Welcome back" after. */
function Greeting({ profile }: { profile: Me }) {
  const first = useFirstVisit('dashboard', profile.id)
  return (
    <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:gap-5">
      <Avatar name={profile.name} image={profile.image} size="lg" />
      <div className="min-w-0">
        <h1 className="text-3xl font-semibold sm:text-4xl">
          {first ? 'Welcome' : 'Welcome back'}, {firstName(profile.name)}
        </h1>
        <p className="mt-1.5 text-stone-600">{TAGLINES[profile.intent ?? 'none']}</p>
        <p className="mt-1 text-sm text-stone-500">
          Member since {memberSince(profile.createdAt)} ·{' '}
          <Link
            to={writerPath(profile.id)}
            className="underline-offset-4 hover:text-stone-800 hover:underline"
          >
            Your public page
          </Link>
        </p>
      </div>
    </header>
  )
}

/** A reader's way to the writer's tools: one row, there when they want it, not in the way. */
function WritingRow({ places }: { places: Workplace[] }) {
  return (
    <section aria-labelledby="writing-row-title" className="rounded-2xl bg-stone-100/80 p-4 sm:p-5">
      <h2 id="writing-row-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
        <PenLine className="size-4 text-stone-500" aria-hidden />
        Write on Inkwell
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Teach a lesson, tell a story, sell a book or set an exam: readers find it here.
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {places.map((place) => (
          <li key={place.to}>
            <Link
              to={place.to}
              className="inline-flex h-8 items-center rounded-full bg-white px-3 text-sm font-medium text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 hover:ring-ink-300"
            >
              {place.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The book read last, where it was left; an honest empty state until a book is opened. */
function ContinueReading({ query }: { query: UseQueryResult<z.infer<typeof LibraryPage>> }) {
  if (query.isPending) return <ShelfLoading label="Loading where you stopped…" rows={2} />
  if (!query.data)
    return <QueryError what="where you stopped" error={query.error} onRetry={() => void query.refetch()} />
  const item = lastRead(query.data.items)
  if (!item)
    return (
      <ShelfEmpty icon={BookOpen} action={{ to: '/books', label: 'Find a book to read' }}>
        The books you’re reading will appear here, opened at the page where you stopped.
      </ShelfEmpty>
    )
  return <ContinueReadingCard item={item} />
}

/** A shelf's first page: placeholders while it loads, the reason and a retry if it fails, else the items. */
function ShelfItems<T>({
  query,
  what,
  empty,
  children,
}: {
  query: { data?: { items: T[] }; isPending: boolean; error: Error | null; refetch: () => unknown }
  what: string
  empty: ReactNode
  children: (item: T) => ReactNode
}) {
  if (query.isPending) return <ShelfLoading label={`Loading ${what}…`} />
  if (!query.data) return <QueryError what={what} error={query.error} onRetry={() => void query.refetch()} />
  if (query.data.items.length === 0) return empty
  return <ShelfList>{query.data.items.map(children)}</ShelfList>
}
