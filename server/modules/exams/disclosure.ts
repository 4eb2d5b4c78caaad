import type {
  ReviewDisclosure,
  ReviewOptions,
  ReviewPart,
  ReviewTiming,
} from '#common/schemas/exam-review.ts'
import type { AnswerValue, ReviewedQuestion } from '#common/schemas/exams.ts'
import type { AttemptQuestion } from '#server/db/schema/index.ts'
import type { ExamRow } from './exam-rows.ts'
import { scoreQuestion } from './scoring.ts'

// The exam's review options decide what a taker's results carry. This is the one place that reads
// them: a part that is not shown is left out of the response, so it cannot reach the browser.

export const reviewOptionsOf = (e: ExamRow): ReviewOptions => ({
  correctness: e.reviewCorrectness,
  answers: e.reviewAnswers,
  explanations: e.reviewExplanations,
})

/** With unlimited attempts (attemptsLeft null) there is no last attempt to wait for. */
const isShown = (timing: ReviewTiming, attemptsLeft: number | null) =>
  timing === 'after_each_attempt' || (timing === 'after_last_attempt' && attemptsLeft === 0)

/**
 * What a person's results show of an exam now. Its author and admins see every part of their own
 * attempts: they can read the answers in the builder anyway.
 */
export function disclosureFor(e: ExamRow, attemptsMade: number, manages: boolean): ReviewDisclosure {
  const options = reviewOptionsOf(e)
  const attemptsLeft = e.attemptsAllowed === null ? null : Math.max(0, e.attemptsAllowed - attemptsMade)
  const show = (part: ReviewPart) => manages || isShown(options[part], attemptsLeft)
  return {
    options,
    shown: { correctness: show('correctness'), answers: show('answers'), explanations: show('explanations') },
    attemptsLeft,
  }
}

/** One question of a submitted attempt as the disclosure allows: my answer always, the rest only when shown. */
export function reviewedQuestion(
  q: AttemptQuestion,
  answer: AnswerValue | undefined,
  shown: ReviewDisclosure['shown'],
): ReviewedQuestion {
  const earned = scoreQuestion(q, answer)
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
    points: q.points,
    partialCredit: q.partialCredit,
    myAnswer: answer ?? null,
    ...(shown.correctness && { earned, correct: earned === q.points }),
    ...(shown.answers && { correctOptionIds: q.correctOptionIds, acceptedAnswers: q.acceptedAnswers }),
    ...(shown.explanations && { explanation: q.explanation }),
  }
}
