import type { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import { textCell } from '#server/core/csv.ts'

// The statistics as a spreadsheet opens them: three tables one after the other, each with its own
// header row, a blank line between: the exam, its questions, and every option's and common short
// answer's count. Text a person wrote (the title, prompts, options, takers' answers) goes through
// core/csv.ts, so none can start a formula; figures are numbers the server writes, so a negative
// discrimination stays a number. A figure that cannot be computed is an empty cell.

const figure = (value: number | null) => (value === null ? '' : String(value))
const yesNo = (value: boolean) => (value ? 'yes' : 'no')
const line = (cells: string[]) => `${cells.join(',')}\r\n`

export const STATISTICS_CSV_HEADERS = {
  exam: [
    'exam',
    'version',
    'attempts',
    'takers',
    'too_few_takers',
    'mean_percent',
    'sd_percent',
    'cic_percent',
    'cic_verdict',
    'computed_at',
  ],
  questions: [
    'question',
    'kind',
    'prompt',
    'points',
    'seen',
    'answered',
    'facility_percent',
    'sd_percent',
    'discrimination',
    'flags',
  ],
  responses: ['question', 'response', 'correct', 'count', 'percent'],
}

export function statisticsCsv(s: ExamStatistics): string {
  const out = [
    line(STATISTICS_CSV_HEADERS.exam),
    line([
      textCell(s.title),
      String(s.version),
      String(s.attempts),
      String(s.takers),
      yesNo(!s.enoughTakers),
      figure(s.meanPercent),
      figure(s.sdPercent),
      figure(s.cic),
      s.cicVerdict ?? '',
      s.computedAt,
    ]),
    '\r\n',
    line(STATISTICS_CSV_HEADERS.questions),
  ]
  for (const q of s.questions) {
    out.push(
      line([
        String(q.number),
        q.kind,
        textCell(q.prompt),
        String(q.points),
        String(q.seen),
        String(q.answered),
        figure(q.facility),
        figure(q.sdPercent),
        figure(q.discrimination),
        q.flags.join(' '),
      ]),
    )
  }
  out.push('\r\n', line(STATISTICS_CSV_HEADERS.responses))
  for (const q of s.questions) {
    for (const o of q.options)
      out.push(
        line([String(q.number), textCell(o.text), yesNo(o.correct), String(o.count), String(o.percent)]),
      )
    for (const a of q.topAnswers)
      out.push(
        line([String(q.number), textCell(a.text), yesNo(a.accepted), String(a.count), String(a.percent)]),
      )
  }
  return out.join('')
}
