import type { AnswerValue } from '#common/schemas/exams.ts'
import type { AttemptQuestion } from '#server/db/schema/index.ts'

// Scoring, pure: the same snapshot and answers always give the same score.
//
// The rules, per question (unanswered always scores 0):
// - single choice and true/false: full points if the one chosen option is the correct one.
// - multiple choice: all-or-nothing (the chosen set must be exactly the correct set), unless the
//   author turned on partial credit: then each correct option chosen earns points / |correct| and
//   each wrong option chosen takes the same away, never below 0.
// - short answer: full points if the text matches any accepted answer, ignoring case and all
//   whitespace ("Mitochondria " = "mito chondria").

export type ScorableQuestion = Pick<
  AttemptQuestion,
  'id' | 'kind' | 'correctOptionIds' | 'acceptedAnswers' | 'points' | 'partialCredit'
>

/** Two decimals: partial credit makes thirds, which should not print as 0.3333333. */
const round2 = (n: number) => Math.round(n * 100) / 100

/** What a short answer is compared as: lower case, no whitespace at all. */
export const normalizeShortAnswer = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '')

export function scoreQuestion(question: ScorableQuestion, answer: AnswerValue | null | undefined): number {
  if (!answer) return 0
  if (question.kind === 'short') {
    if (!('text' in answer)) return 0
    const given = normalizeShortAnswer(answer.text)
    if (!given) return 0
    return question.acceptedAnswers.some((a) => normalizeShortAnswer(a) === given) ? question.points : 0
  }
  if (!('optionIds' in answer)) return 0
  const chosen = new Set(answer.optionIds)
  const correct = new Set(question.correctOptionIds)
  if (chosen.size === 0) return 0
  if (question.kind === 'multiple' && question.partialCredit) {
    const share = question.points / correct.size
    let earned = 0
    for (const id of chosen) earned += correct.has(id) ? share : -share
    return round2(Math.max(0, earned))
  }
  const exact = chosen.size === correct.size && [...chosen].every((id) => correct.has(id))
  return exact ? question.points : 0
}

export interface AttemptScore {
  score: number
  maxScore: number
  /** 0–100, one decimal. */
  percent: number
  /** Points earned per question id. */
  earned: Map<string, number>
}

export function scoreAttempt(
  questions: ScorableQuestion[],
  answers: ReadonlyMap<string, AnswerValue | null>,
): AttemptScore {
  const earned = new Map<string, number>()
  let score = 0
  for (const q of questions) {
    const points = scoreQuestion(q, answers.get(q.id))
    earned.set(q.id, points)
    score += points
  }
  const maxScore = maxScoreOf(questions)
  score = round2(score)
  return { score, maxScore, percent: maxScore > 0 ? Math.round((score / maxScore) * 1000) / 10 : 0, earned }
}

export const maxScoreOf = (questions: Pick<ScorableQuestion, 'points'>[]) =>
  questions.reduce((sum, q) => sum + q.points, 0)

/** Passed when the percentage reaches the pass mark. */
export const hasPassed = (percent: number, passMark: number) => percent >= passMark
