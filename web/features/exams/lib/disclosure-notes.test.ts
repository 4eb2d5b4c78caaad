import { describe, expect, it } from 'vitest'
import type { ReviewDisclosure } from '#common/schemas/exam-review.ts'
import { disclosureNotes } from './disclosure-notes.ts'

const disclosure = (
  options: ReviewDisclosure['options'],
  shown: Partial<ReviewDisclosure['shown']>,
  attemptsLeft: number | null,
): ReviewDisclosure => ({
  options,
  shown: { correctness: false, answers: false, explanations: false, ...shown },
  attemptsLeft,
})

describe('disclosureNotes', () => {
  it('says nothing when every part is shown', () => {
    const all = { correctness: true, answers: true, explanations: true }
    expect(
      disclosureNotes(disclosure({ correctness: 'never', answers: 'never', explanations: 'never' }, all, 0)),
    ).toEqual([])
  })

  it('names what waits for the last attempt, with the attempts left', () => {
    expect(
      disclosureNotes(
        disclosure(
          {
            correctness: 'after_each_attempt',
            answers: 'after_last_attempt',
            explanations: 'after_last_attempt',
          },
          { correctness: true },
          2,
        ),
      ),
    ).toEqual([
      'The right answers and the explanations are shown after your last attempt. You have 2 attempts left.',
    ])
  })

  it('says a last attempt never comes when attempts are unlimited', () => {
    expect(
      disclosureNotes(
        disclosure(
          { correctness: 'after_last_attempt', answers: 'after_last_attempt', explanations: 'never' },
          {},
          null,
        ),
      ),
    ).toEqual([
      'This exam allows unlimited attempts, so marks for each question and the right answers are not shown.',
      'The author does not show the explanations.',
    ])
  })

  it('lists three parts with commas', () => {
    expect(
      disclosureNotes(disclosure({ correctness: 'never', answers: 'never', explanations: 'never' }, {}, 1)),
    ).toEqual(['The author does not show marks for each question, the right answers and the explanations.'])
  })
})
