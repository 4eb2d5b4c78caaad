import { describe, expect, it } from 'vitest'
import { dueText } from './due-text.ts'

const NOW = Date.parse('2026-12-01T10:00:00Z')
const at = (ms: number) => new Date(NOW + ms).toISOString()

describe('dueText', () => {
  it('says when a card comes back in words', () => {
    expect(dueText(at(10_000), NOW)).toBe('now')
    expect(dueText(at(60_000), NOW)).toBe('in 1 minute')
    expect(dueText(at(10 * 60_000), NOW)).toBe('in 10 minutes')
    expect(dueText(at(3 * 3_600_000), NOW)).toBe('in 3 hours')
    expect(dueText(at(26 * 3_600_000), NOW)).toBe('tomorrow')
    expect(dueText(at(3 * 86_400_000), NOW)).toBe('in 3 days')
    expect(dueText(at(40 * 86_400_000), NOW)).toBe('on 10 Jan')
  })
})
