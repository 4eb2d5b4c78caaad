import { describe, expect, it } from 'vitest'
import {
  cicVerdictOf,
  computeStatistics,
  discriminationOf,
  flagsOf,
  type StatisticsInput,
} from './statistics.ts'

// The formulas alone; statistics.test.ts checks them end to end against a matrix worked by hand.

/** Sums of a matrix of scores (rows: takers, columns: questions), as the SQL returns them. */
function sumsOf(matrix: number[][], points: number[]): StatisticsInput {
  const totals = matrix.map((row) => row.reduce((a, b) => a + b, 0))
  const max = points.reduce((a, b) => a + b, 0)
  const questions = points.map((p, i) => ({
    id: `q${i}`,
    kind: 'short' as const,
    prompt: `Question ${i + 1}`,
    points: p,
    options: [],
    correctOptionIds: [],
  }))
  return {
    exam: {
      attempts: matrix.length,
      n: matrix.length,
      sumT: totals.reduce((a, b) => a + b, 0),
      sumT2: totals.reduce((a, t) => a + t * t, 0),
      sumP: totals.reduce((a, t) => a + (100 * t) / max, 0),
      sumP2: totals.reduce((a, t) => a + ((100 * t) / max) ** 2, 0),
    },
    questions,
    sums: new Map(
      questions.map((q, i) => [
        q.id,
        {
          answered: matrix.length,
          sumX: matrix.reduce((a, row) => a + row[i], 0),
          sumX2: matrix.reduce((a, row) => a + row[i] ** 2, 0),
          sumXT: matrix.reduce((a, row, s) => a + row[i] * totals[s], 0),
        },
      ]),
    ),
    seen: null,
    picks: new Map(),
    answers: new Map(),
  }
}

describe('item statistics from sums', () => {
  it('has nothing to say about one taker: no spread, no correlation, no CIC', () => {
    const s = computeStatistics(sumsOf([[1, 0, 1]], [1, 1, 1]))
    expect(s).toMatchObject({
      takers: 1,
      meanPercent: 66.7,
      sdPercent: null,
      cic: null,
      cicMissing: 'too_few_takers',
    })
    expect(s.questions.map((q) => [q.facility, q.discrimination, q.sdPercent])).toEqual([
      [100, null, null],
      [0, null, null],
      [100, null, null],
    ])
  })

  it('leaves the index out when everyone scored the same on a question or on the rest', () => {
    const s = computeStatistics(
      sumsOf(
        [
          [1, 1],
          [1, 0],
          [1, 1],
        ],
        [1, 1],
      ),
    )
    // Question 1: everyone right, no variance. Question 2: the rest (question 1) never varies.
    expect(s.questions.map((q) => q.discrimination)).toEqual([null, null])
    expect(s.questions[0].flags).toEqual(['very_easy'])
  })

  it('is 1 for a question that orders takers exactly as the rest of the exam does', () => {
    // Two identical questions: the rest of the exam is the other one.
    const matrix = [
      [1, 1],
      [0, 0],
      [1, 1],
      [0, 0],
    ]
    const s = computeStatistics(sumsOf(matrix, [1, 1]))
    expect(s.questions.map((q) => q.discrimination)).toEqual([1, 1])
    // α = 2 · (1 − (1/3 + 1/3) / (4/3)) = 1
    expect(s.cic).toBe(100)
    expect(s.cicVerdict).toBe('desirable')
  })

  it('flags by Moodle’s thresholds', () => {
    expect(flagsOf(4.9, 0.5, false)).toEqual(['very_hard'])
    expect(flagsOf(5, 0.25, false)).toEqual([])
    expect(flagsOf(95.1, 0.249, true)).toEqual(['very_easy', 'weak_discrimination', 'unpicked_option'])
    expect(flagsOf(50, -0.01, false)).toEqual(['negative_discrimination'])
    expect([cicVerdictOf(75.1), cicVerdictOf(75), cicVerdictOf(64), cicVerdictOf(63.9)]).toEqual([
      'desirable',
      'acceptable',
      'acceptable',
      'unsatisfactory',
    ])
  })

  it('stays within −1 and 1 whatever the float noise', () => {
    const r = discriminationOf({ answered: 4, sumX: 2, sumX2: 2, sumXT: 4 }, { n: 4, sumT: 4, sumT2: 8 })
    expect(r).toBe(1)
  })
})
