import { describe, expect, it } from 'vitest'
import { readingProgress } from './reading-progress.ts'

const VIEWPORT = 800
/** The sticky header's bottom edge. */
const HEADER = 64
/** A 2,000 px body whose top is `top` px from the top of the viewport. */
const at = (top: number, height = 2000) => ({ top, bottom: top + height, height })

describe('readingProgress', () => {
  it('is 0 until the body’s top passes under the header, 1 once its end is in view, and linear between', () => {
    expect(readingProgress(at(500), VIEWPORT, HEADER)).toBe(0)
    expect(readingProgress(at(HEADER), VIEWPORT, HEADER)).toBe(0)
    // The body travels 2000 - (800 - 64) = 1264 px under the header from start to end.
    expect(readingProgress(at(HEADER - 632), VIEWPORT, HEADER)).toBeCloseTo(0.5)
    expect(readingProgress(at(VIEWPORT - 2000), VIEWPORT, HEADER)).toBe(1)
    expect(readingProgress(at(-5000), VIEWPORT, HEADER)).toBe(1)
  })

  it('counts a body that fits on screen as read once all of it shows', () => {
    expect(readingProgress(at(300, 400), VIEWPORT, HEADER)).toBe(1)
    expect(readingProgress(at(500, 400), VIEWPORT, HEADER)).toBe(0)
  })
})
