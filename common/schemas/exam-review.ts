import { z } from 'zod'

// The exams' review options: what a taker sees of a submitted attempt, and when (decision 012).
// The server applies them in server/modules/exams/disclosure.ts.

/**
 * When a taker may see a part of their attempt's review (Moodle's review options, simplified):
 * after each attempt, after their last allowed attempt, or never. With unlimited attempts there is
 * no last attempt, so "after the last attempt" never comes. The score is not an option: it is
 * shown after each attempt, as the leaderboard publishes it anyway (decision 012).
 */
export const REVIEW_TIMINGS = ['after_each_attempt', 'after_last_attempt', 'never'] as const
export const ReviewTiming = z.enum(REVIEW_TIMINGS, { error: 'Choose when takers see this' })
export type ReviewTiming = z.infer<typeof ReviewTiming>

export const REVIEW_TIMING_LABELS: Record<ReviewTiming, string> = {
  after_each_attempt: 'After each attempt',
  after_last_attempt: 'After the last attempt',
  never: 'Never',
}

/** How soon each timing shows something: a part may not come later than one it gives away. */
const OPENNESS: Record<ReviewTiming, number> = { after_each_attempt: 2, after_last_attempt: 1, never: 0 }

/** The options as stored and sent back (the refinement below is for what an author saves). */
export const ReviewOptionsShape = z.object({
  /** Whether each of the taker's answers was right, and the points it earned. */
  correctness: ReviewTiming,
  /** The correct options and the accepted short answers. */
  answers: ReviewTiming,
  /** The author's explanation of each question. */
  explanations: ReviewTiming,
})
export type ReviewOptions = z.infer<typeof ReviewOptionsShape>
export type ReviewPart = keyof ReviewOptions

/** The review options an author saves. The right answers give away which answers were right. */
export const ReviewOptions = ReviewOptionsShape.refine(
  (o) => OPENNESS[o.correctness] >= OPENNESS[o.answers],
  {
    path: ['correctness'],
    message: 'Show marks at least as soon as the right answers: the answers give the marks away',
  },
)

/** Nothing that helps a second attempt is shown while one remains. */
export const DEFAULT_REVIEW_OPTIONS: ReviewOptions = {
  correctness: 'after_last_attempt',
  answers: 'after_last_attempt',
  explanations: 'after_last_attempt',
}

/** What my results show of each part now, and what the author chose (to say when the rest comes). */
export const ReviewDisclosure = z.object({
  options: ReviewOptionsShape,
  shown: z.object({ correctness: z.boolean(), answers: z.boolean(), explanations: z.boolean() }),
  /** My attempts left (null: unlimited). */
  attemptsLeft: z.number().int().nullable(),
})
export type ReviewDisclosure = z.infer<typeof ReviewDisclosure>
