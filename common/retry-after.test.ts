import { describe, expect, it } from 'vitest'
import { parseRetryAfter, tooManyAttempts, waitText } from './retry-after.ts'

describe('waitText', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [42, '42 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
    [3600, '60 minutes'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text)
  })
})

describe('tooManyAttempts', () => {
  it('says when to try again', () => {
    expect(tooManyAttempts(300)).toBe('Too many attempts. Try again in 5 minutes.')
    expect(tooManyAttempts(30)).toBe('Too many attempts. Try again in 30 seconds.')
  })

  it('asks for a minute when the wait is unknown', () => {
    expect(tooManyAttempts()).toBe('Too many attempts. Please wait a minute and try again.')
    expect(tooManyAttempts(0)).toBe('Too many attempts. Please wait a minute and try again.')
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90)
  })

  it('gives nothing for a missing or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('')).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
  })
})
