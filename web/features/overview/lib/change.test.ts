import { describe, expect, it } from 'vitest'
import { passRate, percentChange, pointsChange } from './change.ts'

describe('percentChange', () => {
  it('gives the rise or fall against the previous period, rounded', () => {
    expect(percentChange(112, 100)).toEqual({ direction: 'up', amount: '12%' })
    expect(percentChange(50, 200)).toEqual({ direction: 'down', amount: '75%' })
    expect(percentChange(3000, 100)).toEqual({ direction: 'up', amount: '2,900%' })
    expect(percentChange(1001, 1000)).toEqual({ direction: 'up', amount: '<1%' })
    expect(percentChange(7, 7)).toEqual({ direction: 'same', amount: '0%' })
  })

  it('stays neutral when the previous period had none', () => {
    expect(percentChange(5, 0)).toEqual({ direction: 'none', amount: '' })
    expect(percentChange(0, 0)).toEqual({ direction: 'none', amount: '' })
  })
})

describe('pass rate', () => {
  it('is passes over attempts, and nothing without attempts', () => {
    expect(passRate(2, 3)).toBe(67)
    expect(passRate(0, 0)).toBeNull()
  })

  it('moves in percentage points, neutral when a period had no attempts', () => {
    expect(pointsChange(70, 60)).toEqual({ direction: 'up', amount: '10 pts' })
    expect(pointsChange(59, 60)).toEqual({ direction: 'down', amount: '1 pt' })
    expect(pointsChange(60, 60)).toEqual({ direction: 'same', amount: '0 pts' })
    expect(pointsChange(60, null)).toEqual({ direction: 'none', amount: '' })
  })
})
