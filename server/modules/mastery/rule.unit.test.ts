import { describe, expect, it } from 'vitest'
import type { MasteryFigures } from '#common/schemas/mastery.ts'
import { masteryLevel, masteryOf } from './rule.ts'

const figures = (f: Partial<MasteryFigures>): MasteryFigures => ({
  exams: 1,
  averagePercent: 0,
  cards: 0,
  remembered: 0,
  ...f,
})

describe('the mastery rule (decision 053)', () => {
  it('has no level before the first exam, and says to take one', () => {
    const none = figures({ exams: 0, averagePercent: null })
    expect(masteryLevel(none)).toBeNull()
    expect(masteryOf(none, 'Physics')).toEqual({
      level: null,
      next: { level: 'attempted', steps: ['Take a Physics exam'] },
    })
  })

  it('gives each level at its threshold and not just under it', () => {
    expect(masteryLevel(figures({ averagePercent: 49.9 }))).toBe('attempted')
    expect(masteryLevel(figures({ averagePercent: 50 }))).toBe('familiar')
    expect(masteryLevel(figures({ averagePercent: 69.9 }))).toBe('familiar')
    expect(masteryLevel(figures({ averagePercent: 70 }))).toBe('proficient')
    // Mastered needs two exams, 90% on average and every card remembered.
    expect(masteryLevel(figures({ averagePercent: 100 }))).toBe('proficient')
    expect(masteryLevel(figures({ exams: 2, averagePercent: 89.9 }))).toBe('proficient')
    expect(masteryLevel(figures({ exams: 2, averagePercent: 90 }))).toBe('mastered')
  })

  it('lets practice lift a level: half the cards remembered for Proficient, all of them for Mastered', () => {
    const scores = { exams: 2, averagePercent: 95, cards: 4 }
    expect(masteryLevel(figures({ ...scores, remembered: 1 }))).toBe('familiar')
    expect(masteryLevel(figures({ ...scores, remembered: 2 }))).toBe('proficient')
    expect(masteryLevel(figures({ ...scores, remembered: 3 }))).toBe('proficient')
    expect(masteryLevel(figures({ ...scores, remembered: 4 }))).toBe('mastered')
    // An odd count rounds the half up: 2 of 3.
    expect(masteryLevel(figures({ ...scores, cards: 3, remembered: 1 }))).toBe('familiar')
    expect(masteryLevel(figures({ ...scores, cards: 3, remembered: 2 }))).toBe('proficient')
  })

  it('never lowers a level for a better score, another exam or another card remembered', () => {
    const levels = ['attempted', 'familiar', 'proficient', 'mastered', null]
    const rank = (f: MasteryFigures) => levels.indexOf(masteryLevel(f) ?? 'attempted')
    for (let exams = 1; exams <= 3; exams++)
      for (let percent = 0; percent <= 100; percent += 5)
        for (let cards = 0; cards <= 4; cards++)
          for (let remembered = 0; remembered <= cards; remembered++) {
            const f = figures({ exams, averagePercent: percent, cards, remembered })
            expect(
              rank(figures({ ...f, averagePercent: Math.min(100, percent + 5) })),
            ).toBeGreaterThanOrEqual(rank(f))
            expect(rank(figures({ ...f, exams: exams + 1 }))).toBeGreaterThanOrEqual(rank(f))
            if (remembered < cards)
              expect(rank(figures({ ...f, remembered: remembered + 1 }))).toBeGreaterThanOrEqual(rank(f))
          }
  })

  it('says what each missing piece of the next level is', () => {
    expect(masteryOf(figures({ averagePercent: 38 }), 'Physics').next).toEqual({
      level: 'familiar',
      steps: [
        'Bring your average best score in Physics to 50% or more (it is 38%): retake an exam or take another',
      ],
    })
    expect(masteryOf(figures({ averagePercent: 62, cards: 5, remembered: 1 }), 'Physics').next).toEqual({
      level: 'proficient',
      steps: [
        'Bring your average best score in Physics to 70% or more (it is 62%): retake an exam or take another',
        'Practise until 2 more Physics cards are remembered (1 of 5 now)',
      ],
    })
    expect(masteryOf(figures({ averagePercent: 92, cards: 2, remembered: 1 }), 'Physics').next).toEqual({
      level: 'mastered',
      steps: ['Take another Physics exam', 'Practise until 1 more Physics card is remembered (1 of 2 now)'],
    })
    expect(masteryOf(figures({ exams: 2, averagePercent: 90 }), 'Physics')).toEqual({
      level: 'mastered',
      next: null,
    })
  })
})
