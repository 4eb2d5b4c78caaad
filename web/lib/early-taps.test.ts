import { afterEach, describe, expect, it, vi } from 'vitest'
import { replayEarlyTaps } from './early-taps.ts'

function button(attached: boolean, disabled = false) {
  const b = document.createElement('button')
  b.type = 'button'
  b.disabled = disabled
  const onClick = vi.fn()
  b.addEventListener('click', onClick)
  if (attached) document.body.append(b)
  return { b, onClick }
}

afterEach(() => {
  document.body.innerHTML = ''
  window.__inkwellTaps = undefined
})

describe('replayEarlyTaps', () => {
  it('taps again, in order, each held button still on the page and enabled, once', () => {
    const order: string[] = []
    const first = button(true)
    const gone = button(false)
    const disabled = button(true, true)
    const second = button(true)
    first.b.addEventListener('click', () => order.push('first'))
    second.b.addEventListener('click', () => order.push('second'))
    window.__inkwellTaps = [first.b, gone.b, disabled.b, second.b]

    replayEarlyTaps()
    expect(order).toEqual(['first', 'second'])
    expect(gone.onClick).not.toHaveBeenCalled()
    expect(disabled.onClick).not.toHaveBeenCalled()
    // Held taps are made once: a second replay (StrictMode runs effects twice) taps nothing.
    replayEarlyTaps()
    expect(first.onClick).toHaveBeenCalledTimes(1)
    expect(window.__inkwellTaps).toEqual([])
  })

  it('does nothing on a page the server did not draw (no held taps)', () => {
    expect(() => replayEarlyTaps()).not.toThrow()
  })
})
