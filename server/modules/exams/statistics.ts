import {
  EXAM_STATS_CIC,
  EXAM_STATS_DISCRIMINATION_MIN,
  EXAM_STATS_FACILITY_RANGE,
  EXAM_STATS_MIN_TAKERS,
} from '#common/constants.ts'
import type {
  CicVerdict,
  ExamStatistics,
  QuestionFlag,
  QuestionStatistic,
  ShortAnswerStatistic,
} from '#common/schemas/exam-statistics.ts'
import type { QuestionRow } from './exam-rows.ts'

// Moodle's quiz statistics (decision 048) from the sums one SQL statement collects
// (statistics.service.ts), pure: the same sums always give the same figures. For taker s, x_qs is
// their score on question q (0 when unanswered) and T_s their total. Variances and covariances are
// the sample ones (n − 1), as Moodle's:
//   V(x) = (Σx² − (Σx)²/n) / (n − 1)          C(x, T) = (ΣxT − Σx·ΣT/n) / (n − 1)
// Facility F_q = 100 · mean(x_q) / points_q. Discrimination: the correlation of x_q with the rest
// of the exam R = T − x_q, whose variance and covariance follow from the sums without a second pass:
//   C(x, R) = C(x, T) − V(x)       V(R) = V(T) + V(x) − 2·C(x, T)       D_q = C(x, R) / √(V(x)·V(R))
// Coefficient of internal consistency (Cronbach's alpha), k questions:
//   CIC = 100 · k/(k − 1) · (1 − Σ_q V(x_q) / V(T))

/** The sums over a set of takers: their count, and their totals' sum and sum of squares. */
export interface TakerSums {
  n: number
  sumT: number
  sumT2: number
}

export interface ExamSums extends TakerSums {
  /** Submitted attempts at this version, retries included. */
  attempts: number
  /** Sums of each taker's percentage (their total over their attempt's maximum). */
  sumP: number
  sumP2: number
}

export interface QuestionSums {
  answered: number
  sumX: number
  sumX2: number
  sumXT: number
}

export interface ShortAnswerGroup {
  text: string
  count: number
  accepted: boolean
}

export interface StatisticsInput {
  exam: ExamSums
  questions: Pick<QuestionRow, 'id' | 'kind' | 'prompt' | 'points' | 'options' | 'correctOptionIds'>[]
  /** Per question id; missing: nobody answered it. */
  sums: Map<string, QuestionSums>
  /** Per question id, the takers who had it; only when attempts draw a subset (else: every taker). */
  seen: Map<string, TakerSums> | null
  /** Per question id and option id, takers who chose it. */
  picks: Map<string, Map<string, number>>
  /** Per question id, the most common short answers, most common first. */
  answers: Map<string, ShortAnswerGroup[]>
}

export type ComputedStatistics = Omit<ExamStatistics, 'examId' | 'title' | 'version' | 'computedAt'>

const round = (value: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(value * f) / f
}
const round1 = (value: number | null) => (value === null ? null : round(value, 1))

/**
 * A sample variance, or null with fewer than two takers. Sums of floats leave noise where every
 * score is the same: a variance that small against the values' own size counts as none.
 */
function variance(sum: number, sum2: number, n: number): number | null {
  if (n < 2) return null
  const v = (sum2 - (sum * sum) / n) / (n - 1)
  const mean = sum / n
  return v <= 1e-9 * Math.max(1, mean * mean) ? 0 : v
}

const covariance = (sumX: number, sumY: number, sumXY: number, n: number) =>
  (sumXY - (sumX * sumY) / n) / (n - 1)

/** Moodle's index as a correlation: how the question's score moves with the rest of the exam's. */
export function discriminationOf(q: QuestionSums, takers: TakerSums): number | null {
  const vx = variance(q.sumX, q.sumX2, takers.n)
  const vt = variance(takers.sumT, takers.sumT2, takers.n)
  if (vx === null || vt === null || vx === 0) return null
  const cxt = covariance(q.sumX, takers.sumT, q.sumXT, takers.n)
  const vr = vt + vx - 2 * cxt
  if (vr <= 1e-9) return null
  const r = (cxt - vx) / Math.sqrt(vx * vr)
  return Math.max(-1, Math.min(1, r))
}

export function cicVerdictOf(cic: number | null): CicVerdict | null {
  if (cic === null) return null
  if (cic > EXAM_STATS_CIC.desirable) return 'desirable'
  if (cic < EXAM_STATS_CIC.unsatisfactory) return 'unsatisfactory'
  return 'acceptable'
}

export function flagsOf(
  facility: number | null,
  discrimination: number | null,
  unpicked: boolean,
): QuestionFlag[] {
  const flags: QuestionFlag[] = []
  if (facility !== null && facility < EXAM_STATS_FACILITY_RANGE.min) flags.push('very_hard')
  if (facility !== null && facility > EXAM_STATS_FACILITY_RANGE.max) flags.push('very_easy')
  if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination')
  else if (discrimination !== null && discrimination < EXAM_STATS_DISCRIMINATION_MIN)
    flags.push('weak_discrimination')
  if (unpicked) flags.push('unpicked_option')
  return flags
}

const NONE: QuestionSums = { answered: 0, sumX: 0, sumX2: 0, sumXT: 0 }

export function computeStatistics(input: StatisticsInput): ComputedStatistics {
  const { exam } = input
  const everyone: TakerSums = { n: exam.n, sumT: exam.sumT, sumT2: exam.sumT2 }
  const percent = (count: number, of: number) => (of > 0 ? round((100 * count) / of, 1) : 0)
  let itemVariances = 0

  const questions = input.questions.map((q, i): QuestionStatistic => {
    const takers = input.seen?.get(q.id) ?? (input.seen ? { n: 0, sumT: 0, sumT2: 0 } : everyone)
    const sums = input.sums.get(q.id) ?? NONE
    const vx = variance(sums.sumX, sums.sumX2, takers.n)
    itemVariances += vx ?? 0
    const facility = takers.n > 0 ? (100 * sums.sumX) / takers.n / q.points : null
    const discrimination = discriminationOf(sums, takers)
    const picks = input.picks.get(q.id)
    const options =
      q.kind === 'short'
        ? []
        : q.options.map((o) => {
            const count = picks?.get(o.id) ?? 0
            return {
              id: o.id,
              text: o.text,
              correct: q.correctOptionIds.includes(o.id),
              count,
              percent: percent(count, takers.n),
            }
          })
    const topAnswers: ShortAnswerStatistic[] = (input.answers.get(q.id) ?? []).map((a) => ({
      ...a,
      percent: percent(a.count, takers.n),
    }))
    return {
      id: q.id,
      number: i + 1,
      kind: q.kind,
      prompt: q.prompt,
      points: q.points,
      seen: takers.n,
      answered: sums.answered,
      facility: round1(facility),
      sdPercent: vx === null ? null : round((100 * Math.sqrt(vx)) / q.points, 1),
      discrimination: discrimination === null ? null : round(discrimination, 3),
      flags: flagsOf(facility, discrimination, takers.n > 0 && options.some((o) => o.count === 0)),
      options,
      topAnswers,
    }
  })

  const vt = variance(exam.sumT, exam.sumT2, exam.n)
  const vp = variance(exam.sumP, exam.sumP2, exam.n)
  const k = questions.length
  let cic: number | null = null
  let cicMissing: ComputedStatistics['cicMissing'] = null
  if (input.seen) cicMissing = 'drawn_questions'
  else if (k < 2) cicMissing = 'one_question'
  else if (vt === null) cicMissing = 'too_few_takers'
  else if (vt === 0) cicMissing = 'no_spread'
  else cic = 100 * (k / (k - 1)) * (1 - itemVariances / vt)

  return {
    attempts: exam.attempts,
    takers: exam.n,
    enoughTakers: exam.n >= EXAM_STATS_MIN_TAKERS,
    minTakers: EXAM_STATS_MIN_TAKERS,
    meanPercent: exam.n > 0 ? round(exam.sumP / exam.n, 1) : null,
    sdPercent: vp === null ? null : round(Math.sqrt(vp), 1),
    cic: round1(cic),
    cicVerdict: cicVerdictOf(cic),
    cicMissing,
    questions,
  }
}
