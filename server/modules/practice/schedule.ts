import { type Card, fsrs, type Grade, generatorParameters, Rating, type State } from 'ts-fsrs'
import { PRACTICE_GRADES, type PracticeGrade } from '#common/schemas/practice.ts'
import type { practiceCard } from '#server/db/schema/index.ts'

// FSRS through ts-fsrs (decision 049): no interval table of our own. A checked answer has two
// outcomes, so right is Good and not yet is Again; a flashcard, graded by its reader, uses all
// four grades (decision 052). Fuzz is off so that the same answers always give the same schedule.

type CardRow = typeof practiceCard.$inferSelect

/** The FSRS columns a review writes. */
export type ScheduleColumns = Pick<
  CardRow,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>

const toFsrsCard = (row: ScheduleColumns): Card => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  // Deprecated in ts-fsrs 5 and recomputed from last_review; kept at 0, it only reaches the log.
  elapsed_days: 0,
  scheduled_days: row.scheduledDays,
  learning_steps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state as State,
  last_review: row.lastReview ?? undefined,
})

const RATINGS: Record<PracticeGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
}

const schedulerFor = (retention: number) =>
  fsrs(generatorParameters({ request_retention: retention, enable_fuzz: false }))

/** When the card would come back after each grade at `now`: the hints under a flashcard's buttons. */
export function nextDues(row: ScheduleColumns, now: Date, retention: number): Record<PracticeGrade, Date> {
  const preview = schedulerFor(retention).repeat(toFsrsCard(row), now)
  return Object.fromEntries(PRACTICE_GRADES.map((g) => [g, preview[RATINGS[g]].card.due])) as Record<
    PracticeGrade,
    Date
  >
}

/** The card's schedule after a grade at `now`, for a reader aiming at `retention`. */
export function nextSchedule(
  row: ScheduleColumns,
  grade: PracticeGrade,
  now: Date,
  retention: number,
): ScheduleColumns {
  const { card } = schedulerFor(retention).next(toFsrsCard(row), now, RATINGS[grade])
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? now,
  }
}
