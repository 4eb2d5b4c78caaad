import {
  ArrowRight,
  BookOpen,
  ClipboardList,
  GraduationCap,
  type LucideIcon,
  MessagesSquare,
  NotebookPen,
  PenLine,
} from 'lucide-react'
import { Link } from 'react-router'

interface QuickAction {
  to: string
  title: string
  description: string
  icon: LucideIcon
}

const ACTIONS: QuickAction[] = [
  { to: '/post', title: 'Write a post', description: 'A lesson, a story or something true.', icon: PenLine },
  {
    to: '/postbook',
    title: 'Publish a book',
    description: 'Chapter by chapter, free or for sale.',
    icon: NotebookPen,
  },
  {
    to: '/postexam',
    title: 'Create an exam',
    description: 'Timed questions with explanations.',
    icon: ClipboardList,
  },
  { to: '/books', title: 'Browse the Books Store', description: 'Books by Inkwell writers.', icon: BookOpen },
  {
    to: '/exams',
    title: 'Exams Room',
    description: 'Test yourself and climb the leaderboard.',
    icon: GraduationCap,
  },
  { to: '/forum', title: 'Forums', description: 'Ask, answer and discuss by subject.', icon: MessagesSquare },
]

function ActionCard({ action }: { action: QuickAction }) {
  const Icon = action.icon
  return (
    <li>
      <Link
        to={action.to}
        className="group flex h-full flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-ink-200 hover:shadow-md sm:flex-row sm:items-start sm:gap-3.5"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-50 text-ink-800 transition-colors group-hover:bg-ink-900 group-hover:text-white">
          <Icon className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="font-medium text-stone-900">
            {action.title}
            <ArrowRight
              className="ml-1 hidden size-3.5 align-[-1px] sm:inline text-stone-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ink-700"
              aria-hidden
            />
          </span>
          <span className="mt-0.5 hidden text-sm text-stone-600 sm:block">{action.description}</span>
        </span>
      </Link>
    </li>
  )
}

/** The dashboard's shortcuts: three ways to create, then three places to explore. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="sr-only">
        Quick actions
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {ACTIONS.map((action) => (
          <ActionCard key={action.to} action={action} />
        ))}
      </ul>
    </section>
  )
}
