import {
  MASTERY_LEVELS,
  MASTERY_RULE,
  type MasteryFigures,
  type MasteryLevel,
  type SubjectMastery,
} from '#common/schemas/mastery.ts'

// The mastery rule of decision 053, as pure functions of the figures: no database, no clock. A
// level needs everything the one below it needs, so more score or more cards remembered never
// lowers it.

const { familiarPercent, proficientPercent, proficientRemembered, masteredPercent, masteredExams } =
  MASTERY_RULE

/** Cards still to remember for the share `share` of them (0 when there are none). */
const cardsShort = (f: MasteryFigures, share: number) =>
  Math.max(0, Math.ceil(f.cards * share) - f.remembered)
const scoreAtLeast = (f: MasteryFigures, percent: number) => (f.averagePercent ?? 0) >= percent

/** The reader's level from their figures in a subject; null before their first exam there. */
export function masteryLevel(f: MasteryFigures): MasteryLevel | null {
  if (f.exams === 0) return null
  if (scoreAtLeast(f, masteredPercent) && f.exams >= masteredExams && cardsShort(f, 1) === 0)
    return 'mastered'
  if (scoreAtLeast(f, proficientPercent) && cardsShort(f, proficientRemembered) === 0) return 'proficient'
  if (scoreAtLeast(f, familiarPercent)) return 'familiar'
  return 'attempted'
}

/** The average best score each level above Attempted needs. */
const PERCENT_FOR = { familiar: familiarPercent, proficient: proficientPercent, mastered: masteredPercent }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Each thing the figures still lack for `level`, in words for the reader. */
function stepsTo(level: MasteryLevel, f: MasteryFigures, name: string): string[] {
  if (level === 'attempted') return [`Take a ${name} exam`]
  const steps: string[] = []
  if (level === 'mastered' && f.exams < masteredExams) {
    const more = masteredExams - f.exams
    steps.push(more === 1 ? `Take another ${name} exam` : `Take ${more} more ${name} exams`)
  }
  const percent = PERCENT_FOR[level]
  if (!scoreAtLeast(f, percent)) {
    steps.push(
      `Bring your average best score in ${name} to ${percent}% or more (it is ${f.averagePercent ?? 0}%): retake an exam or take another`,
    )
  }
  const short =
    level === 'mastered' ? cardsShort(f, 1) : level === 'proficient' ? cardsShort(f, proficientRemembered) : 0
  if (short > 0) {
    steps.push(
      `Practise until ${plural(short, `more ${name} card is`, `more ${name} cards are`)} remembered (${f.remembered} of ${f.cards} now)`,
    )
  }
  return steps
}

/** The level, and the next level with what is missing for it (none past Mastered). */
export function masteryOf(f: MasteryFigures, name: string): Pick<SubjectMastery, 'level' | 'next'> {
  const level = masteryLevel(f)
  const nextLevel = level === null ? MASTERY_LEVELS[0] : MASTERY_LEVELS[MASTERY_LEVELS.indexOf(level) + 1]
  return { level, next: nextLevel ? { level: nextLevel, steps: stepsTo(nextLevel, f, name) } : null }
}
