import {
  EXAM_STATS_CIC,
  EXAM_STATS_DISCRIMINATION_MIN,
  EXAM_STATS_FACILITY_RANGE,
} from '#common/constants.ts'
import type { ExamStatistics, QuestionFlag, QuestionStatistic } from '#common/schemas/exam-statistics.ts'
import { countOf } from '#web/lib/format.ts'

// The statistics in plain words (decision 048): the server computes the figures and flags; this
// only says what they mean and what to look at, so the panel and its tests read the same sentences.

/** "0.21", "−0.39": a correlation with a real minus sign. */
export const formatIndex = (value: number) => `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`

/** "48%", "30.3%" */
export const formatShare = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`

export interface CicReading {
  /** What the panel shows as the figure. */
  value: string
  /** The verdict in a few words, or why there is none. */
  verdict: string
  tone: 'good' | 'warn' | 'bad' | 'none'
}

export function cicReading(s: Pick<ExamStatistics, 'cic' | 'cicVerdict' | 'cicMissing'>): CicReading {
  if (s.cic === null) {
    const why: Record<NonNullable<ExamStatistics['cicMissing']>, string> = {
      too_few_takers: 'Needs at least 2 takers',
      one_question: 'Needs at least 2 questions',
      drawn_questions: 'Not computed: each attempt draws its own questions',
      no_spread: 'Not computed: everyone scored the same',
    }
    return { value: '—', verdict: s.cicMissing ? why[s.cicMissing] : 'Not computed', tone: 'none' }
  }
  const value = formatShare(s.cic)
  if (s.cicVerdict === 'desirable')
    return { value, verdict: `Desirable (above ${EXAM_STATS_CIC.desirable}%)`, tone: 'good' }
  if (s.cicVerdict === 'unsatisfactory')
    return { value, verdict: `Unsatisfactory (below ${EXAM_STATS_CIC.unsatisfactory}%)`, tone: 'bad' }
  return {
    value,
    verdict: `Acceptable (${EXAM_STATS_CIC.unsatisfactory}–${EXAM_STATS_CIC.desirable}%)`,
    tone: 'warn',
  }
}

/** Below the minimum: how many took it, and what that means for the figures. */
export function tooFewNotice(
  s: Pick<ExamStatistics, 'takers' | 'enoughTakers' | 'minTakers'>,
): string | null {
  if (s.enoughTakers || s.takers === 0) return null
  return `Only ${countOf(s.takers, 'person has', 'people have')} taken this exam so far. Until at least ${s.minTakers} have, these figures can change a lot with each new taker: read the warnings as hints, not verdicts.`
}

/** A flag's short label, for the table (words, not colour alone). */
export const FLAG_LABELS: Record<QuestionFlag, string> = {
  very_hard: 'Very hard',
  very_easy: 'Very easy',
  weak_discrimination: 'Weak discrimination',
  negative_discrimination: 'Negative discrimination',
  unpicked_option: 'Unpicked option',
}

export interface StatisticsWarning {
  /** Stable for React lists. */
  key: string
  /** The question it is about, if any (1-based). */
  question: number | null
  text: string
}

const quoted = (text: string) => `“${text}”`

function questionWarnings(q: QuestionStatistic): StatisticsWarning[] {
  const out: StatisticsWarning[] = []
  const add = (flag: string, text: string) => out.push({ key: `${q.id}:${flag}`, question: q.number, text })
  const n = q.number
  for (const flag of q.flags) {
    if (flag === 'very_hard' && q.facility !== null)
      add(
        flag,
        `Question ${n} is very hard: takers earned ${formatShare(q.facility)} of its points on average (below ${EXAM_STATS_FACILITY_RANGE.min}%). Check its answer key, or whether it asks for something the exam did not prepare them for.`,
      )
    if (flag === 'very_easy' && q.facility !== null)
      add(
        flag,
        `Question ${n} is very easy: takers earned ${formatShare(q.facility)} of its points on average (above ${EXAM_STATS_FACILITY_RANGE.max}%). Almost everyone gets it right, so it tells you little about who knows more.`,
      )
    if (flag === 'weak_discrimination' && q.discrimination !== null)
      add(
        flag,
        `Question ${n} hardly separates strong from weak takers: those who did well on the rest of the exam are barely more likely to get it right (discrimination ${formatIndex(q.discrimination)}, below ${formatIndex(EXAM_STATS_DISCRIMINATION_MIN)}).`,
      )
    if (flag === 'negative_discrimination' && q.discrimination !== null)
      add(
        flag,
        `On question ${n}, weaker takers do better than stronger ones (discrimination ${formatIndex(q.discrimination)}). The marked answer may be wrong, or the wording may mislead those who know the subject.`,
      )
  }
  if (q.flags.includes('unpicked_option')) {
    for (const o of q.options.filter((option) => option.count === 0)) {
      add(
        `unpicked:${o.id}`,
        o.correct
          ? `Nobody chose ${quoted(o.text)}, a right answer to question ${n}.`
          : `Nobody chose ${quoted(o.text)} in question ${n}: as a wrong answer it draws no one, so it does no work. A more tempting one would tell you more.`,
      )
    }
  }
  return out
}

/** Everything worth a look, exam first, then question by question. */
export function statisticsWarnings(s: ExamStatistics): StatisticsWarning[] {
  const out: StatisticsWarning[] = []
  if (s.cicVerdict === 'unsatisfactory' && s.cic !== null)
    out.push({
      key: 'cic',
      question: null,
      text: `As a whole the exam is not consistent (CIC ${formatShare(s.cic)}, below ${EXAM_STATS_CIC.unsatisfactory}%): its questions do not agree on who knows the subject. The questions flagged below are the first to rework.`,
    })
  for (const q of s.questions) out.push(...questionWarnings(q))
  return out
}
