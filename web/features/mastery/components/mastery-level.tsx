import { useId } from 'react'
import { MASTERY_LEVEL_LABELS, type SubjectMastery } from '#common/schemas/mastery.ts'
import { countOf } from '#web/lib/format.ts'
import { LevelSteps } from './level-steps.tsx'

/** What the level is worked out from, in one sentence. */
function figuresText({ subject, exams, averagePercent, cards, remembered }: SubjectMastery): string {
  if (exams === 0) return `You have not taken a ${subject.name} exam yet.`
  const practice = cards > 0 ? `; ${remembered} of ${countOf(cards, 'practice card')} remembered` : ''
  return `Your best scores average ${averagePercent}% over ${countOf(exams, 'exam')}${practice}.`
}

/**
 * "Your level in Physics": the level in words, the four steps, the figures behind it and what
 * the next level needs. Only the reader ever sees it (decision 053).
 */
export function MasteryLevelCard({ mastery }: { mastery: SubjectMastery }) {
  const id = useId()
  const { subject, level, next } = mastery
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-stone-600">
        Your level in {subject.name}
      </h2>
      <p className="mt-1 font-serif text-3xl font-semibold text-stone-900">
        {level ? MASTERY_LEVEL_LABELS[level] : 'Not started'}
      </p>
      <div className="mt-4">
        <LevelSteps level={level} />
      </div>
      <p id={`${id}-about`} className="mt-4 text-sm text-stone-600">
        {figuresText(mastery)} Only you can see your level.
      </p>
      {next && (
        <div className="mt-4 rounded-xl bg-stone-50 px-4 py-3">
          <h3 className="text-sm font-semibold text-stone-800">
            To reach {MASTERY_LEVEL_LABELS[next.level]}
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-700">
            {next.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
