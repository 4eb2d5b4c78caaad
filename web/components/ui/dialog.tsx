import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from 'react'
import { createPortal } from 'react-dom'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([hidden]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

interface DialogProps {
  title: ReactNode
  /** Read out with the title when the dialog opens. */
  description: ReactNode
  /** Shown above the title (decorative). */
  icon?: ReactNode
  /** Escape and a click on the backdrop call it; a dialog that is busy ignores it. */
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog: focus moves to its first field, Tab stays inside, Escape or a click on the
 * backdrop closes it, the page behind stops scrolling, and focus returns to what opened it.
 */
export function Dialog({ title, description, icon, onClose, children }: DialogProps) {
  const id = useId()
  const panel = useRef<HTMLDivElement>(null)
  const close = useEffectEvent(onClose)

  useEffect(() => {
    const node = panel.current
    if (!node) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const focusable = () => [...node.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const items = focusable()
    ;(items.find((item) => item.matches('input, textarea, select')) ?? items[0])?.focus()

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        close()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusable()
      const first = items[0]
      const last = items.at(-1)
      const outside = !node.contains(document.activeElement)
      if (event.shiftKey && (document.activeElement === first || outside)) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && (document.activeElement === last || outside)) {
        event.preventDefault()
        first?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-stone-900/50 p-4 sm:items-center">
      {/* A click on the backdrop closes, like Escape; keyboard users have Escape and the Cancel button. */}
      <div aria-hidden="true" className="absolute inset-0" onClick={onClose} />
      {/* React bubbles events along its own tree, portals included: a form in the dialog must not
          submit a form the dialog was opened from (the image dialog inside the post's form). */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        onSubmit={(event) => event.stopPropagation()}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-7"
      >
        {icon}
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <p id={`${id}-description`} className="mt-2 text-sm text-stone-600">
          {description}
        </p>
        {children}
      </div>
    </div>,
    document.body,
  )
}
