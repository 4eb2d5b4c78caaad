import { BookOpen, ClipboardList, FileText, Library } from 'lucide-react'
import { Link } from 'react-router'
import type { Me } from '#common/schemas/profile.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { AdminCard } from '#web/features/account/components/admin-card.tsx'
import { DashboardShelf } from '#web/features/account/components/dashboard-shelf.tsx'
import { FinishProfileBanner } from '#web/features/account/components/finish-profile-banner.tsx'
import { QueryError } from '#web/features/account/components/query-error.tsx'
import { QuickActions } from '#web/features/account/components/quick-actions.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

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
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:gap-5">
        <Avatar name={profile.name} image={profile.image} size="lg" />
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold sm:text-4xl">Welcome back, {firstName(profile.name)}</h1>
          <p className="mt-1.5 text-stone-600">{TAGLINES[profile.intent ?? 'none']}</p>
          <p className="mt-1 text-sm text-stone-500">
            Member since {memberSince(profile.createdAt)} ·{' '}
            <Link to="/settings" className="underline-offset-4 hover:text-stone-800 hover:underline">
              Settings
            </Link>
          </p>
        </div>
      </header>

      {!profile.onboarded && <FinishProfileBanner />}
      {profile.role === 'admin' && <AdminCard />}

      <QuickActions />

      <div className="grid gap-x-6 gap-y-10 sm:grid-cols-2">
        <DashboardShelf
          title="My library"
          icon={Library}
          empty="Books you buy or add for free will be kept here, ready to read on any device."
          action={{ to: '/books', label: 'Browse the Books Store' }}
        />
        <DashboardShelf
          title="Continue reading"
          icon={BookOpen}
          empty="The books you're reading will appear here, opened at the page where you stopped."
          action={{ to: '/contents', label: 'Find something to read' }}
        />
        <DashboardShelf
          title="My recent posts"
          icon={FileText}
          empty="Your latest lessons and stories will show here, with their status: draft, in review or published."
          action={{ to: '/post', label: 'Write your first post' }}
        />
        <DashboardShelf
          title="Exam attempts"
          icon={ClipboardList}
          empty="Exams you take will be listed here with your score, pass or fail, and a link to the leaderboard."
          action={{ to: '/exams', label: 'Go to the Exams Room' }}
        />
      </div>
    </div>
  )
}
