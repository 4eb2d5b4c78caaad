import { BarChart3, Clock, ListChecks, Users } from 'lucide-react'
import { Link } from 'react-router'
import type { ExamCard } from '#common/schemas/exams.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'
import { formatMinutes, formatPercent } from '../format.ts'

/** A published exam in a list: subject, title, what taking it involves, how others did, and its author. */
export function ExamCardItem({ exam }: { exam: ExamCard }) {
  const facts = [
    { icon: Clock, text: formatMinutes(exam.durationMinutes) },
    { icon: ListChecks, text: countOf(exam.questionCount, 'question') },
    { icon: Users, text: countOf(exam.attempts, 'attempt') },
    {
      icon: BarChart3,
      text:
        exam.averagePercent === null
          ? 'No scores yet'
          : `Average ${formatPercent(Math.round(exam.averagePercent))}`,
    },
  ]
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-ink-200 hover:shadow-md">
      <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
        {subjectLabel(exam.subjectSlug)}
      </p>
      <h3 className="mt-2 font-serif text-xl leading-snug font-semibold text-stone-900">
        <Link
          to={`/examroom/${exam.id}`}
          className="underline-offset-4 after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ink-600"
        >
          {exam.title}
        </Link>
      </h3>
      {exam.description && <p className="mt-2 line-clamp-2 text-[15px] text-stone-600">{exam.description}</p>}
      <ul
        aria-label="About this exam"
        className="mt-4 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm text-stone-600"
      >
        {facts.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-1.5">
            <Icon className="size-4 shrink-0 text-stone-400" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-4">
        <div className="flex items-center gap-2 border-t border-stone-100 pt-4 text-sm">
          <Avatar name={exam.author.name} image={exam.author.image} size="sm" />
          <span className="truncate font-medium text-stone-800">{exam.author.name}</span>
          <span className="ml-auto shrink-0 text-stone-500">Pass {formatPercent(exam.passMark)}</span>
        </div>
      </div>
    </article>
  )
}
