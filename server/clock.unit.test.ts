import { describe, expect, test, vi } from 'vitest'
import { shiftedClock, systemClock } from './clock.ts'
import { readConfig } from './env.ts'

const DAY = 24 * 3_600_000

describe('shiftedClock', () => {
  test('reads the system time moved by the offset, each time it is asked', () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T12:00:00Z'), toFake: ['Date'] })
    try {
      const clock = shiftedClock(32 * DAY)
      expect(clock.now().toISOString()).toBe('2026-02-11T12:00:00.000Z')
      vi.setSystemTime(new Date('2026-01-11T12:00:00Z'))
      expect(clock.now().toISOString()).toBe('2026-02-12T12:00:00.000Z')
      expect(shiftedClock(-DAY).now().toISOString()).toBe('2026-01-10T12:00:00.000Z')
    } finally {
      vi.useRealTimers()
    }
  })

  test('no offset is the system clock itself', () => {
    expect(shiftedClock(0)).toBe(systemClock)
  })
})

describe('CLOCK_OFFSET_DAYS', () => {
  test('is 0 unless set, and is read in days', () => {
    expect(readConfig({}).clockOffsetMs).toBe(0)
    expect(readConfig({ CLOCK_OFFSET_DAYS: '32' }).clockOffsetMs).toBe(32 * DAY)
    expect(readConfig({ CLOCK_OFFSET_DAYS: '-0.5' }).clockOffsetMs).toBe(-DAY / 2)
  })

  test('refuses what is not a number, and any offset in production', () => {
    expect(() => readConfig({ CLOCK_OFFSET_DAYS: 'soon' })).toThrow(/CLOCK_OFFSET_DAYS/)
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }
    expect(readConfig(production).clockOffsetMs).toBe(0)
    expect(() => readConfig({ ...production, CLOCK_OFFSET_DAYS: '32' })).toThrow(
      /CLOCK_OFFSET_DAYS: for tests only; refused when NODE_ENV=production/,
    )
  })
})
