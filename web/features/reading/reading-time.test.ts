import { describe, expect, it } from 'vitest'
import { readingTimeMinutes } from './reading-time.ts'

const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ')

describe('readingTimeMinutes', () => {
  it('is at least one minute, even for an empty body', () => {
    expect(readingTimeMinutes('')).toBe(1)
    expect(readingTimeMinutes('<p></p>')).toBe(1)
    expect(readingTimeMinutes('<p>Hello there</p>')).toBe(1)
  })

  it('counts words at 230 a minute, rounding up', () => {
    expect(readingTimeMinutes(`<p>${words(230)}</p>`)).toBe(1)
    expect(readingTimeMinutes(`<p>${words(231)}</p>`)).toBe(2)
    expect(readingTimeMinutes(`<p>${words(1150)}</p>`)).toBe(5)
  })

  it('counts words, not markup', () => {
    const html = `<h2>Title</h2><p>${words(229)}</p><ul><li><strong>two</strong></li></ul>`
    // 1 + 229 + 1 = 231 words; the tags between them separate words without adding any.
    expect(readingTimeMinutes(html)).toBe(2)
    expect(readingTimeMinutes('<p>one</p><p>two</p>')).toBe(1)
  })
})
