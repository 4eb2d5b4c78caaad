import { describe, expect, it } from 'vitest'
import { pinNow, relativeTime } from './relative-time.ts'

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

  it('counts from a pinned moment (a server-rendered page being hydrated), then from the clock', () => {
    const posted = new Date(Date.now() - 5 * MIN).toISOString()
    pinNow(new Date(posted).getTime() + 2 * HOUR)
    try {
      expect(relativeTime(posted)).toBe('2 hours ago')
    } finally {
      pinNow(null)
    }
    expect(relativeTime(posted)).toBe('5 min ago')
  })

  it('writes older dates as they are in UTC, whatever the reader’s time zone', () => {
    const zone = process.env.TZ
    // 23:30 UTC on 2 Nov is already 3 Nov in Tokyo.
    process.env.TZ = 'Asia/Tokyo'
    try {
      expect(new Date('2026-11-02T23:30:00.000Z').getDate()).toBe(3)
      expect(relativeTime('2026-11-02T23:30:00.000Z', NOW)).toBe('2 Nov')
      expect(relativeTime('2025-12-31T23:30:00.000Z', NOW)).toBe('31 Dec 2025')
    } finally {
      process.env.TZ = zone
    }
  })
})
