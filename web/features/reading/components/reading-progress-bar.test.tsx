import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ReadingProgressBar } from './reading-progress-bar.tsx'

const VIEWPORT = 800
/** The bottom edge of the site's sticky header. */
const HEADER = 102
/** A 2,000 px body whose top is `top` px from the top of the viewport. */
const at = (top: number, height = 2000) => ({ top, bottom: top + height, height })

/** The site's header, a body, and the bar that follows the body. */
function Reader() {
  const body = useRef<HTMLDivElement>(null)
  return (
    <>
      <header>Inkwell</header>
      <div ref={body} />
      <ReadingProgressBar target={body} />
    </>
  )
}

describe('ReadingProgressBar', () => {
  /** A scroll, and the frame the bar waits for to measure. */
  const scroll = () =>
    act(async () => {
      window.dispatchEvent(new Event('scroll'))
      await new Promise((frame) => requestAnimationFrame(frame))
    })

  it('follows the body as the page scrolls, hidden from assistive technology', async () => {
    vi.stubGlobal('innerHeight', VIEWPORT)
    let top = 400
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.tagName === 'HEADER' ? { bottom: HEADER } : at(top)) as DOMRect
    })
    render(<Reader />)
    const bar = screen.getByTestId('reading-progress')
    expect(bar).toHaveAttribute('aria-hidden', 'true')
    expect(bar).toHaveAttribute('data-progress', '0.000')
    // Right under the header, whatever its height.
    expect(bar).toHaveStyle({ top: `${HEADER}px` })

    // The body travels 2000 - (800 - 102) = 1302 px under the header from start to end.
    top = HEADER - 651
    await scroll()
    expect(bar).toHaveAttribute('data-progress', '0.500')
    expect(bar.firstElementChild).toHaveStyle({ transform: 'scaleX(0.5)' })

    top = -3000
    await scroll()
    expect(bar).toHaveAttribute('data-progress', '1.000')
  })
})
