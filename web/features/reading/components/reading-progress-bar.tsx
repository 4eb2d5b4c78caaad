import type { RefObject } from 'react'
import { useReadingProgress } from '../lib/reading-progress.ts'

/**
 * A thin bar under the sticky header that fills as the reader goes through `target` (the post's
 * body). Decorative, so hidden from assistive technology: WAI-ARIA's progressbar is for a task
 * the page is doing and a scrollbar is a control, and neither is this; screen readers already
 * tell their users where they are, and the table of contents marks the current section.
 */
export function ReadingProgressBar({ target }: { target: RefObject<HTMLElement | null> }) {
  const { progress, top } = useReadingProgress(target)
  return (
    <div
      aria-hidden="true"
      data-testid="reading-progress"
      data-progress={progress.toFixed(3)}
      className="pointer-events-none fixed inset-x-0 z-20 h-[3px]"
      style={{ top }}
    >
      <div
        className="h-full origin-left bg-ink-600 motion-safe:transition-transform motion-safe:duration-150 motion-safe:ease-out"
        style={{ transform: `scaleX(${progress})` }}
      />
    </div>
  )
}
