import { z } from 'zod'
import { QuestionKind } from './exams.ts'

// An exam's item statistics for its author (and admins): Moodle's quiz statistics over each
// taker's first submitted attempt at the current version (decision 048). Percentages are 0–100
// with one decimal; the discrimination index is a correlation (−1…1) with three. A figure that
// cannot be computed (one taker, or nobody's score differs) is null, never a made-up 0.

export const QUESTION_FLAGS = [
  /** Facility below EXAM_STATS_FACILITY_RANGE.min. */
  'very_hard',
  /** Facility above EXAM_STATS_FACILITY_RANGE.max. */
  'very_easy',
  /** Discrimination index between 0 and EXAM_STATS_DISCRIMINATION_MIN. */
  'weak_discrimination',
  /** Discrimination index below 0: weaker takers do better on it than stronger ones. */
  'negative_discrimination',
  /** A choice question with an option nobody chose. */
  'unpicked_option',
] as const
export const QuestionFlag = z.enum(QUESTION_FLAGS)
export type QuestionFlag = z.infer<typeof QuestionFlag>

export const CIC_VERDICTS = ['desirable', 'acceptable', 'unsatisfactory'] as const
export const CicVerdict = z.enum(CIC_VERDICTS)
export type CicVerdict = z.infer<typeof CicVerdict>

/** Why there is no coefficient of internal consistency. */
export const CIC_MISSING = ['too_few_takers', 'one_question', 'drawn_questions', 'no_spread'] as const

export const OptionStatistic = z.object({
  id: z.string(),
  text: z.string(),
  correct: z.boolean(),
  /** Takers who chose it (a multiple-choice taker may choose several). */
  count: z.number().int(),
  /** Of the takers who saw the question. */
  percent: z.number(),
})
export type OptionStatistic = z.infer<typeof OptionStatistic>

export const ShortAnswerStatistic = z.object({
  /** The spelling most takers used; answers are grouped as they are marked (case and spaces ignored). */
  text: z.string(),
  count: z.number().int(),
  percent: z.number(),
  /** Whether it earns the question's points. */
  accepted: z.boolean(),
})
export type ShortAnswerStatistic = z.infer<typeof ShortAnswerStatistic>

export const QuestionStatistic = z.object({
  id: z.string(),
  /** 1-based, as in the builder. */
  number: z.number().int(),
  kind: QuestionKind,
  prompt: z.string(),
  points: z.number(),
  /** Takers whose first attempt had this question (all of them unless the exam draws a subset). */
  seen: z.number().int(),
  /** Of those, the ones who answered it. */
  answered: z.number().int(),
  /** Mean score as % of the question's points. */
  facility: z.number().nullable(),
  /** Standard deviation of the score as % of the question's points. */
  sdPercent: z.number().nullable(),
  /** Correlation of the question's score with the rest of the exam's score (Moodle's index / 100). */
  discrimination: z.number().nullable(),
  flags: z.array(QuestionFlag),
  /** Choice and true/false questions: every option in the builder's order. */
  options: z.array(OptionStatistic),
  /** Short answers: the most common answers (EXAM_STATS_TOP_ANSWERS at most). */
  topAnswers: z.array(ShortAnswerStatistic),
})
export type QuestionStatistic = z.infer<typeof QuestionStatistic>

/** GET /api/exams/:examId/statistics. */
export const ExamStatistics = z.object({
  examId: z.string(),
  title: z.string(),
  version: z.number().int(),
  /** Submitted attempts at the current version, retries included. */
  attempts: z.number().int(),
  /** People counted: each one's first submitted attempt at the current version. */
  takers: z.number().int(),
  /** Whether takers reached EXAM_STATS_MIN_TAKERS. */
  enoughTakers: z.boolean(),
  minTakers: z.number().int(),
  meanPercent: z.number().nullable(),
  sdPercent: z.number().nullable(),
  /** Coefficient of internal consistency (Cronbach's alpha) in %. */
  cic: z.number().nullable(),
  cicVerdict: CicVerdict.nullable(),
  /** Why cic is null. */
  cicMissing: z.enum(CIC_MISSING).nullable(),
  questions: z.array(QuestionStatistic),
  computedAt: z.string(),
})
export type ExamStatistics = z.infer<typeof ExamStatistics>
