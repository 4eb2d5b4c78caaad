import { type RefObject, useEffect } from 'react'

/**
 * Lets the keyboard scroll what scrolls sideways (WCAG 2.1.1; axe's scrollable-region-focusable):
 * each element `selector` matches inside `ref` (or `ref` itself, without a selector) joins the tab
 * order while its content is wider than it is, and leaves it again once it fits, so a short code
 * block or a narrow table is not one more stop for nothing. It is measured again whenever the
 * container, a target or a target's content changes size, and when `content` changes.
 */
export function useKeyboardScrollable(
  ref: RefObject<HTMLElement | null>,
  { selector, content }: { selector?: string; content?: unknown } = {},
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content means new targets to measure
  useEffect(() => {
    const root = ref.current
    if (!root) return
    const targets = selector ? [...root.querySelectorAll<HTMLElement>(selector)] : [root]
    const update = () => {
      for (const target of targets) {
        if (target.scrollWidth > target.clientWidth) target.setAttribute('tabindex', '0')
        else target.removeAttribute('tabindex')
      }
    }
    // Measured once layout is done: a ResizeObserver reports each target after it has been laid
    // out, and again whenever its size changes. Measuring in a layout effect forced the browser to
    // lay out the whole page in the middle of React's commit (120 ms on a throttled phone).
    if (typeof ResizeObserver === 'undefined') {
      update()
      return
    }
    const observer = new ResizeObserver(update)
    observer.observe(root)
    for (const target of targets) {
      observer.observe(target)
      for (const child of target.children) observer.observe(child)
    }
    return () => observer.disconnect()
  }, [ref, selector, content])
}
