import { Check } from 'lucide-react'
import { MASTERY_LEVEL_LABELS, MASTERY_LEVELS, type MasteryLevel } from '#common/schemas/mastery.ts'

/** How far up the four levels `level` is: -1 before the first exam. */
export const levelRank = (level: MasteryLevel | null) => (level ? MASTERY_LEVELS.indexOf(level) : -1)

/**
 * The four levels as steps, lowest first, the ones reached filled. Each step is named in words and
 * says whether it is reached, so nothing rests on colour; `compact` draws only the bars, for a
 * list that names the level beside them (and hides them from screen readers).
 */
export function LevelSteps({ level, compact = false }: { level: MasteryLevel | null; compact?: boolean }) {
  const rank = levelRank(level)
  const bar = (i: number) => `block h-1.5 rounded-full ${i <= rank ? 'bg-ink-600' : 'bg-stone-200'}`
  if (compact)
    return (
      <span className="grid w-24 shrink-0 grid-cols-4 gap-1" aria-hidden>
        {MASTERY_LEVELS.map((step, i) => (
          <span key={step} className={bar(i)} />
        ))}
      </span>
    )
  return (
    <ol className="grid grid-cols-4 gap-1.5" aria-label="Levels, lowest first">
      {MASTERY_LEVELS.map((step, i) => (
        <li key={step} className="min-w-0" aria-current={step === level ? 'step' : undefined}>
          <span className={bar(i)} aria-hidden />
          <span
            className={`mt-1.5 block text-xs ${
              step === level
                ? 'font-semibold text-stone-900'
                : i <= rank
                  ? 'text-stone-700'
                  : 'text-stone-500'
            }`}
          >
            {i <= rank && <Check className="mr-1 inline size-3.5 align-[-2px] text-ink-700" aria-hidden />}
            {MASTERY_LEVEL_LABELS[step]}
            <span className="sr-only">
              {step === level ? ': your level' : i <= rank ? ': reached' : ': not reached yet'}
            </span>
          </span>
        </li>
      ))}
    </ol>
  )
}
