import { describe, expect, it } from 'vitest'
import { ExamStatistics, type QuestionStatistic } from '#common/schemas/exam-statistics.ts'
import { cicReading, formatIndex, statisticsWarnings, tooFewNotice } from './statistics-notes.ts'

const question = (fields: Partial<QuestionStatistic>): QuestionStatistic => ({
  id: `q${fields.number ?? 1}`,
  number: 1,
  kind: 'single',
  prompt: 'Which unit measures force?',
  points: 1,
  seen: 40,
  answered: 40,
  facility: 60,
  sdPercent: 49,
  discrimination: 0.45,
  flags: [],
  options: [],
  topAnswers: [],
  ...fields,
})

const statistics = (fields: Partial<ExamStatistics> = {}): ExamStatistics =>
  ExamStatistics.parse({
    examId: 'e1',
    title: 'Forces',
    version: 1,
    attempts: 44,
    takers: 40,
    enoughTakers: true,
    minTakers: 30,
    meanPercent: 61,
    sdPercent: 18,
    cic: 80.2,
    cicVerdict: 'desirable',
    cicMissing: null,
    questions: [question({})],
    computedAt: '2026-11-29T10:00:00.000Z',
    ...fields,
  })

describe('the statistics in plain words', () => {
  it('says nothing when every question is within range', () => {
    expect(statisticsWarnings(statistics())).toEqual([])
    expect(tooFewNotice(statistics())).toBeNull()
  })

  it('explains each flag, naming the question and the figure', () => {
    const texts = statisticsWarnings(
      statistics({
        cic: 40.6,
        cicVerdict: 'unsatisfactory',
        questions: [
          question({ number: 1, facility: 2.5, flags: ['very_hard'] }),
          question({ number: 2, facility: 97.5, flags: ['very_easy'] }),
          question({ number: 3, discrimination: 0.21, flags: ['weak_discrimination'] }),
          question({ number: 4, discrimination: -0.389, flags: ['negative_discrimination'] }),
          question({
            number: 5,
            flags: ['unpicked_option'],
            options: [
              { id: 'a', text: 'Newton', correct: true, count: 30, percent: 75 },
              { id: 'd', text: 'Pascal', correct: false, count: 0, percent: 0 },
            ],
          }),
        ],
      }),
    ).map((w) => [w.question, w.text])
    expect(texts).toEqual([
      [null, expect.stringMatching(/^As a whole the exam is not consistent \(CIC 40\.6%, below 64%\)/)],
      [
        1,
        expect.stringMatching(
          /^Question 1 is very hard: takers earned 2\.5% of its points on average \(below 5%\)/,
        ),
      ],
      [2, expect.stringMatching(/^Question 2 is very easy: takers earned 97\.5% .*\(above 95%\)/)],
      [
        3,
        'Question 3 hardly separates strong from weak takers: those who did well on the rest of the exam are barely more likely to get it right (discrimination 0.21, below 0.25).',
      ],
      [
        4,
        expect.stringMatching(
          /^On question 4, weaker takers do better than stronger ones \(discrimination −0\.39\)/,
        ),
      ],
      [5, expect.stringMatching(/^Nobody chose “Pascal” in question 5: as a wrong answer it draws no one/)],
    ])
  })

  it('warns when too few have taken it to trust the figures, and says how many are needed', () => {
    expect(tooFewNotice(statistics({ takers: 5, enoughTakers: false }))).toBe(
      'Only 5 people have taken this exam so far. Until at least 30 have, these figures can change a lot with each new taker: read the warnings as hints, not verdicts.',
    )
    expect(tooFewNotice(statistics({ takers: 1, enoughTakers: false }))).toMatch(/^Only 1 person has taken/)
    // Nobody at all is the empty state, not a warning.
    expect(tooFewNotice(statistics({ takers: 0, enoughTakers: false }))).toBeNull()
  })

  it('gives the CIC its verdict, or the reason there is none', () => {
    expect(cicReading({ cic: 80.2, cicVerdict: 'desirable', cicMissing: null })).toEqual({
      value: '80.2%',
      verdict: 'Desirable (above 75%)',
      tone: 'good',
    })
    expect(cicReading({ cic: 70, cicVerdict: 'acceptable', cicMissing: null }).verdict).toBe(
      'Acceptable (64–75%)',
    )
    expect(cicReading({ cic: 40.6, cicVerdict: 'unsatisfactory', cicMissing: null })).toMatchObject({
      verdict: 'Unsatisfactory (below 64%)',
      tone: 'bad',
    })
    expect(cicReading({ cic: null, cicVerdict: null, cicMissing: 'drawn_questions' })).toEqual({
      value: '—',
      verdict: 'Not computed: each attempt draws its own questions',
      tone: 'none',
    })
  })

  it('writes indices with a real minus sign', () => {
    expect(formatIndex(-0.389)).toBe('−0.39')
    expect(formatIndex(0.5)).toBe('0.50')
  })
})
