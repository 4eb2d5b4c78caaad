import { describe, expect, it } from 'vitest'
import { formatClock, levelOf, remainingMs, spokenTime } from './countdown.ts'

describe('countdown', () => {
  it('measures the time left on the server’s clock: the device clock plus the offset', () => {
    const deadline = Date.parse('2026-11-22T10:30:00Z')
    const device = Date.parse('2026-11-22T10:00:00Z')
    // The device runs five minutes behind the server.
    expect(remainingMs(deadline, 5 * 60_000, device)).toBe(25 * 60_000)
    expect(remainingMs(deadline, -2 * 60_000, device)).toBe(32 * 60_000)
    expect(remainingMs(deadline, 0, deadline + 1000)).toBe(0)
  })

  it('reads as a clock, rounding partial seconds up', () => {
    expect(formatClock(65 * 60_000 + 5000)).toBe('1:05:05')
    expect(formatClock(4 * 60_000 + 7000)).toBe('4:07')
    expect(formatClock(8200)).toBe('0:09')
    expect(formatClock(0)).toBe('0:00')
  })

  it('warns at five minutes and urges at one', () => {
    expect(levelOf(5 * 60_000 + 1)).toBe('calm')
    expect(levelOf(5 * 60_000)).toBe('warning')
    expect(levelOf(60_000)).toBe('urgent')
  })

  it('says the time left in words', () => {
    expect(spokenTime(65 * 60_000 + 5000)).toBe('1 hour 5 minutes')
    expect(spokenTime(2 * 3_600_000)).toBe('2 hours')
    expect(spokenTime(60_000)).toBe('1 minute')
    expect(spokenTime(40_400)).toBe('40 seconds')
    expect(spokenTime(-5)).toBe('0 seconds')
  })
})
