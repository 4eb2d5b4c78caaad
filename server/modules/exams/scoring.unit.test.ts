import { describe, expect, it } from 'vitest'
import {
  hasPassed,
  normalizeShortAnswer,
  type ScorableQuestion,
  scoreAttempt,
  scoreQuestion,
} from './scoring.ts'

const q = (fields: Partial<ScorableQuestion>): ScorableQuestion => ({
  id: 'q',
  kind: 'single',
  correctOptionIds: [],
  acceptedAnswers: [],
  points: 4,
  partialCredit: false,
  ...fields,
})

describe('single choice and true/false', () => {
  const single = q({ kind: 'single', correctOptionIds: ['b'] })
  const tf = q({ kind: 'true_false', correctOptionIds: ['false'], points: 1 })

  it('gives full points for the correct option only', () => {
    expect(scoreQuestion(single, { optionIds: ['b'] })).toBe(4)
    expect(scoreQuestion(single, { optionIds: ['a'] })).toBe(0)
    expect(scoreQuestion(tf, { optionIds: ['false'] })).toBe(1)
    expect(scoreQuestion(tf, { optionIds: ['true'] })).toBe(0)
  })

  it('gives nothing when unanswered, empty, or answered with text', () => {
    expect(scoreQuestion(single, null)).toBe(0)
    expect(scoreQuestion(single, undefined)).toBe(0)
    expect(scoreQuestion(single, { optionIds: [] })).toBe(0)
    expect(scoreQuestion(single, { text: 'b' })).toBe(0)
  })
})

describe('multiple choice', () => {
  const strict = q({ kind: 'multiple', correctOptionIds: ['a', 'c', 'd'], points: 3 })
  const partial = { ...strict, partialCredit: true }

  it('is all-or-nothing by default: exactly the correct set', () => {
    expect(scoreQuestion(strict, { optionIds: ['d', 'a', 'c'] })).toBe(3)
    expect(scoreQuestion(strict, { optionIds: ['a', 'c'] })).toBe(0)
    expect(scoreQuestion(strict, { optionIds: ['a', 'b', 'c', 'd'] })).toBe(0)
  })

  it('with partial credit, earns a share per correct option and loses one per wrong option', () => {
    expect(scoreQuestion(partial, { optionIds: ['a', 'c', 'd'] })).toBe(3)
    expect(scoreQuestion(partial, { optionIds: ['a', 'c'] })).toBe(2)
    expect(scoreQuestion(partial, { optionIds: ['a', 'c', 'b'] })).toBe(1)
    expect(scoreQuestion(partial, { optionIds: ['a', 'c', 'd', 'b'] })).toBe(2)
  })

  it('never goes below zero, and rounds shares to two decimals', () => {
    expect(scoreQuestion(partial, { optionIds: ['b'] })).toBe(0)
    expect(scoreQuestion(partial, { optionIds: ['a', 'b', 'e'] })).toBe(0)
    expect(scoreQuestion({ ...partial, points: 1 }, { optionIds: ['a'] })).toBe(0.33)
    expect(scoreQuestion({ ...partial, points: 1 }, { optionIds: ['a', 'c'] })).toBe(0.67)
  })

  it('counts an option chosen twice once', () => {
    expect(scoreQuestion(strict, { optionIds: ['a', 'a', 'c', 'd'] })).toBe(3)
  })
})

describe('short answer', () => {
  const short = q({ kind: 'short', acceptedAnswers: ['Mitochondria', 'the mitochondrion'], points: 2 })

  it('matches any accepted answer ignoring case and all whitespace', () => {
    expect(scoreQuestion(short, { text: 'mitochondria' })).toBe(2)
    expect(scoreQuestion(short, { text: '  MITO chondria ' })).toBe(2)
    expect(scoreQuestion(short, { text: 'The Mitochondrion' })).toBe(2)
    expect(scoreQuestion(short, { text: 'themitochondrion\n' })).toBe(2)
  })

  it('gives nothing for another answer, a blank one, or options', () => {
    expect(scoreQuestion(short, { text: 'nucleus' })).toBe(0)
    expect(scoreQuestion(short, { text: '   ' })).toBe(0)
    expect(scoreQuestion(short, { optionIds: ['a'] })).toBe(0)
  })

  it('normalizes case and whitespace only', () => {
    expect(normalizeShortAnswer(' E = mc² ')).toBe('e=mc2')
    expect(normalizeShortAnswer('Ångström')).toBe('ångström')
  })
})

describe('an attempt', () => {
  const questions = [
    q({ id: 'a', kind: 'single', correctOptionIds: ['x'], points: 2 }),
    q({ id: 'b', kind: 'multiple', correctOptionIds: ['x', 'y'], points: 2, partialCredit: true }),
    q({ id: 'c', kind: 'short', acceptedAnswers: ['42'], points: 1 }),
  ]

  it('adds the questions up, with unanswered ones at zero', () => {
    const result = scoreAttempt(questions, new Map([['b', { optionIds: ['x'] }]]))
    expect(result).toMatchObject({ score: 1, maxScore: 5, percent: 20 })
    expect(Object.fromEntries(result.earned)).toEqual({ a: 0, b: 1, c: 0 })
  })

  it('scores a perfect attempt 100%', () => {
    const answers = new Map([
      ['a', { optionIds: ['x'] }],
      ['b', { optionIds: ['y', 'x'] }],
      ['c', { text: ' 42' }],
    ])
    expect(scoreAttempt(questions, answers)).toMatchObject({ score: 5, maxScore: 5, percent: 100 })
  })

  it('passes at the pass mark', () => {
    expect(hasPassed(60, 60)).toBe(true)
    expect(hasPassed(59.9, 60)).toBe(false)
    expect(hasPassed(0, 0)).toBe(true)
  })
})
