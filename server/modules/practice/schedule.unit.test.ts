import { describe, expect, it } from 'vitest'
import { PRACTICE_GRADES } from '#common/schemas/practice.ts'
import { practicePolicy } from '#server/core/policies/index.ts'
import { nextDues, nextSchedule, type ScheduleColumns } from './schedule.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const now = new Date('2026-12-01T10:00:00Z')

const fresh: ScheduleColumns = {
  due: now,
  stability: 0,
  difficulty: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  state: 0,
  lastReview: null,
}

describe('FSRS scheduling of a practice card', () => {
  it('brings a new card back within minutes when not yet, later when right', () => {
    const again = nextSchedule(fresh, 'again', now, 0.9)
    const good = nextSchedule(fresh, 'good', now, 0.9)
    expect(again.due.getTime() - now.getTime()).toBeLessThanOrEqual(5 * MINUTE)
    expect(good.due.getTime()).toBeGreaterThan(again.due.getTime())
    expect([again.reps, good.reps]).toEqual([1, 1])
    expect(good.lastReview).toEqual(now)
  })

  it('lapses a card in review on a wrong answer, and spaces it by the target retention when right', () => {
    const review: ScheduleColumns = {
      ...fresh,
      state: 2,
      stability: 20,
      difficulty: 5,
      reps: 5,
      scheduledDays: 20,
      lastReview: new Date(now.getTime() - 20 * DAY),
    }
    const lapsed = nextSchedule(review, 'again', now, 0.9)
    expect(lapsed).toMatchObject({ state: 3, lapses: 1 })
    expect(lapsed.due.getTime() - now.getTime()).toBeLessThan(DAY)
    const interval = (retention: number) =>
      nextSchedule(review, 'good', now, retention).due.getTime() - now.getTime()
    expect(interval(0.97)).toBeLessThan(interval(0.9))
    expect(interval(0.9)).toBeLessThan(interval(0.7))
  })

  it('spaces the four grades of a flashcard apart, as their hints say', () => {
    const dues = nextDues(fresh, now, 0.9)
    for (const grade of PRACTICE_GRADES) expect(dues[grade]).toEqual(nextSchedule(fresh, grade, now, 0.9).due)
    const times = PRACTICE_GRADES.map((g) => dues[g].getTime())
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(new Set(times).size).toBe(4)
  })

  it('gives the same schedule for the same answers (no fuzz)', () => {
    expect(nextSchedule(fresh, 'good', now, 0.85)).toEqual(nextSchedule(fresh, 'good', now, 0.85))
  })
})

describe('practicePolicy', () => {
  it('lets a card be used by its reader only, not even an admin', () => {
    const card = { userId: 'reader' }
    expect(practicePolicy.use({ id: 'reader', role: 'user' }, card)).toBe(true)
    expect(practicePolicy.use({ id: 'admin', role: 'admin' }, card)).toBe(false)
    expect(practicePolicy.use(null, card)).toBe(false)
  })
})
