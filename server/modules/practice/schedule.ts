import { type Card, fsrs, generatorParameters, Rating, type State } from 'ts-fsrs'
import type { practiceCard } from '#server/db/schema/index.ts'

// FSRS through ts-fsrs (decision 049): no interval table of our own. A checked answer has two
// outcomes, so right is Good and not yet is Again; flashcards, graded by the reader, will use all
// four grades. Fuzz is off so that the same answers always give the same schedule.

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

/** The card's schedule after an answer at `now`, for a reader aiming at `retention`. */
export function nextSchedule(
  row: ScheduleColumns,
  correct: boolean,
  now: Date,
  retention: number,
): ScheduleColumns {
  const scheduler = fsrs(generatorParameters({ request_retention: retention, enable_fuzz: false }))
  const { card } = scheduler.next(toFsrsCard(row), now, correct ? Rating.Good : Rating.Again)
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
