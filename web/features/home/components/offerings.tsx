import { ArrowRight, BookOpen, Feather, GraduationCap, MessagesSquare, Newspaper, Timer } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export interface Offering {
  to: string
  title: string
  text: string
  icon: ReactNode
}

export const OFFERINGS: Offering[] = [
  {
    to: '/academic',
    title: 'Academic lessons',
    text: 'Clear lessons by subject, from Mathematics to Computer Science, written by teachers and people who know their field.',
    icon: <GraduationCap className="size-5" aria-hidden />,
  },
  {
    to: '/fiction',
    title: 'Fiction',
    text: 'Short stories and serials from new and established writers. Subscribe to the ones you love.',
    icon: <Feather className="size-5" aria-hidden />,
  },
  {
    to: '/truestories',
    title: 'True stories',
    text: 'Memoir, reportage and lived experience, told by the people who were there.',
    icon: <Newspaper className="size-5" aria-hidden />,
  },
  {
    to: '/books',
    title: 'Books Store',
    text: 'Books by Inkwell writers, bought and read right here, with free preview chapters before you decide.',
    icon: <BookOpen className="size-5" aria-hidden />,
  },
  {
    to: '/exams',
    title: 'Exams Room',
    text: 'Timed exams with a fair, server-kept clock, an explanation for every question and a leaderboard.',
    icon: <Timer className="size-5" aria-hidden />,
  },
  {
    to: '/forum',
    title: 'Forums',
    text: 'One forum per subject to ask questions, help each other and discuss what you read.',
    icon: <MessagesSquare className="size-5" aria-hidden />,
  },
]

/** The six places to go on Inkwell, each a card linking to its section. */
export function Offerings() {
  return (
    <section aria-labelledby="offerings-title">
      <div className="max-w-2xl">
        <h2 id="offerings-title" className="text-3xl font-semibold sm:text-4xl">
          What Inkwell offers
        </h2>
        <p className="mt-3 text-lg text-stone-600">
          Six ways in, one account. Read in any of them, and write for any of them when you are ready.
        </p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {OFFERINGS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-ink-200 hover:shadow-md"
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-ink-50 text-ink-700 transition-colors group-hover:bg-ink-900 group-hover:text-accent-400">
                {item.icon}
              </span>
              <span className="mt-5 font-serif text-xl font-semibold text-stone-900">{item.title}</span>
              <span className="mt-2 flex-1 text-[15px] leading-relaxed text-stone-600">{item.text}</span>
              <span className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-ink-700">
                Explore
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
