import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time.ts'

const NOW = new Date('2026-11-22T12:00:00.000Z').getTime()
const ago = (ms: number) => new Date(NOW - ms).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('relativeTime', () => {
  it('says "just now" under a minute, and for a clock slightly ahead', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now')
    expect(relativeTime(ago(59_000), NOW)).toBe('just now')
    expect(relativeTime(ago(-30_000), NOW)).toBe('just now')
  })

  it('counts minutes, then hours', () => {
    expect(relativeTime(ago(MIN), NOW)).toBe('1 min ago')
    expect(relativeTime(ago(5 * MIN + 20_000), NOW)).toBe('5 min ago')
    expect(relativeTime(ago(59 * MIN), NOW)).toBe('59 min ago')
    expect(relativeTime(ago(HOUR), NOW)).toBe('1 hour ago')
    expect(relativeTime(ago(23 * HOUR), NOW)).toBe('23 hours ago')
  })

  it('says "yesterday", then days, then the date', () => {
    expect(relativeTime(ago(DAY), NOW)).toBe('yesterday')
    expect(relativeTime(ago(3 * DAY), NOW)).toBe('3 days ago')
    expect(relativeTime('2026-11-02T12:00:00.000Z', NOW)).toBe('2 Nov')
    expect(relativeTime('2025-03-14T12:00:00.000Z', NOW)).toBe('14 Mar 2025')
  })

  it('gives nothing for a timestamp it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('')
  })
})
