import { BookOpenCheck, Clock, ListChecks, Repeat, Target, Trophy } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ExamIntro } from '#common/schemas/exams.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'
import { formatMinutes, formatPercent } from '../format.ts'

interface ExamIntroViewProps {
  exam: ExamIntro
  starting: boolean
  onStart: () => void
  onResume: (attemptId: string) => void
}

/**
 * One term and its value. A <dl> may hold only dt/dd groups wrapped in a plain <div>, so the icon
 * lives inside the <dt> and is placed in the card's left margin.
 */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative rounded-xl bg-white py-3 pr-4 pl-12 ring-1 ring-stone-200">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">
        <span className="absolute top-3.5 left-4 text-ink-700">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-stone-900">{children}</dd>
    </div>
  )
}

/** Before Start: what the exam is, its rules, the taker's attempts left, and Start or Resume. */
export function ExamIntroView({ exam, starting, onStart, onResume }: ExamIntroViewProps) {
  const outOfAttempts = exam.attemptsLeft === 0 && !exam.inProgressAttemptId
  return (
    <article className="mx-auto max-w-3xl">
      <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
        Exam · {subjectLabel(exam.subjectSlug)}
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{exam.title}</h1>
      <p className="mt-3 flex items-center gap-2 text-sm text-stone-600">
        <Avatar name={exam.author.name} image={exam.author.image} size="sm" />
        by {exam.author.name}
      </p>
      {exam.description && <p className="mt-5 text-lg leading-relaxed text-stone-700">{exam.description}</p>}

      <dl className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact icon={<Clock className="size-5" aria-hidden />} label="Time">
          {formatMinutes(exam.durationMinutes)}
        </Fact>
        <Fact icon={<ListChecks className="size-5" aria-hidden />} label="Questions">
          {exam.questionCount}
        </Fact>
        <Fact icon={<Target className="size-5" aria-hidden />} label="Pass mark">
          {formatPercent(exam.passMark)}
        </Fact>
        <Fact icon={<Repeat className="size-5" aria-hidden />} label="Attempts left">
          {exam.attemptsLeft === null ? 'Unlimited' : `${exam.attemptsLeft} of ${exam.attemptsAllowed}`}
        </Fact>
      </dl>

      <section
        aria-labelledby="instructions-title"
        className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      >
        <h2 id="instructions-title" className="flex items-center gap-2 text-lg font-semibold">
          <BookOpenCheck className="size-5 text-ink-700" aria-hidden /> Before you start
        </h2>
        {exam.instructions && (
          <p className="mt-3 leading-relaxed whitespace-pre-wrap text-stone-700">{exam.instructions}</p>
        )}
        <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-stone-600">
          <li>
            The clock starts when you press Start and keeps running if you close the page; you can come back
            to the same attempt from any device.
          </li>
          <li>
            Each answer is saved as you choose it. When time is up, your answers are handed in by themselves.
          </li>
          <li>Leaving this tab or window during the exam is counted and shown to the exam's author.</li>
        </ul>
      </section>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        {exam.inProgressAttemptId ? (
          <Button size="lg" onClick={() => onResume(exam.inProgressAttemptId ?? '')}>
            Resume your attempt
          </Button>
        ) : outOfAttempts ? (
          <p className="text-stone-700">
            You have used all {countOf(exam.attemptsAllowed ?? 0, 'attempt')} at this exam.
          </p>
        ) : (
          <Button size="lg" onClick={onStart} busy={starting}>
            Start exam
          </Button>
        )}
        {exam.myAttempts > 0 && (
          <ButtonLink to={`/examresults/${exam.id}`} variant="secondary" size="lg">
            My results
          </ButtonLink>
        )}
        <ButtonLink to={`/leaderboard/${exam.id}`} variant="ghost" size="lg">
          <Trophy className="size-4" aria-hidden /> Leaderboard
        </ButtonLink>
      </div>
    </article>
  )
}
