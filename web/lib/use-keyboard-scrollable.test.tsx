import { render } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useKeyboardScrollable } from './use-keyboard-scrollable.ts'

// jsdom has no layout: each element says how wide its content is through data-content-width (the
// setup file restores the spies after each test).
function fakeLayout(clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => clientWidth)
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return Number(this.dataset.contentWidth ?? clientWidth)
  })
}

function Body({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useKeyboardScrollable(ref, { selector: 'pre', content: html })
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed test string
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: html }} />
}

function Frame({ wide }: { wide: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  useKeyboardScrollable(ref, { content: wide })
  return <div ref={ref} data-testid="frame" data-content-width={wide ? 900 : 200} />
}

describe('useKeyboardScrollable', () => {
  it('puts only the code blocks wider than their box in the tab order', () => {
    fakeLayout(300)
    const { container } = render(
      <Body html={'<pre data-content-width="900"><code>wide</code></pre><pre><code>short</code></pre>'} />,
    )
    const [wide, short] = container.querySelectorAll('pre')
    expect(wide).toHaveAttribute('tabindex', '0')
    expect(short).not.toHaveAttribute('tabindex')
  })

  it('measures again when the content changes: a frame that now fits leaves the tab order', () => {
    fakeLayout(300)
    const { getByTestId, rerender } = render(<Frame wide />)
    expect(getByTestId('frame')).toHaveAttribute('tabindex', '0')
    rerender(<Frame wide={false} />)
    expect(getByTestId('frame')).not.toHaveAttribute('tabindex')
  })
})
