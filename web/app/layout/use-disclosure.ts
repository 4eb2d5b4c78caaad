import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef } from 'react'

interface Disclosure {
  open: boolean
  setOpen: (open: boolean) => void
  /** The button that shows and hides the content; focus returns to it on Escape. */
  button: RefObject<HTMLElement | null>
  /** The button and the content: focus or a press outside all of them closes the disclosure. */
  parts: RefObject<HTMLElement | null>[]
}

const inside = (parts: Disclosure['parts'], node: EventTarget | null) =>
  node instanceof Node && parts.some((part) => part.current?.contains(node))

/**
 * How the header's disclosures (WAI-ARIA disclosure pattern) close: Escape closes and gives focus
 * back to the button; focus moving out of it (Tab past its last link) or a press outside it closes
 * it. Spread the returned handlers on an element around the button and the content: the innermost
 * disclosure handles Escape first and keeps it from closing the one around it.
 */
export function useDisclosure({ open, setOpen, button, parts }: Disclosure) {
  // The refs are stable; the array around them is new on each render.
  const partsRef = useRef(parts)
  partsRef.current = parts

  useEffect(() => {
    if (!open) return
    const onPress = (event: MouseEvent) => {
      if (!inside(partsRef.current, event.target)) setOpen(false)
    }
    // Escape with focus nowhere (a click on the page's background leaves it on <body>).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && document.activeElement === document.body)
        setOpen(false)
    }
    document.addEventListener('mousedown', onPress)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPress)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, setOpen])

  return {
    onKeyDown(event: KeyboardEvent) {
      // An inner disclosure (the account menu inside the mobile menu) has handled it already.
      if (!open || event.key !== 'Escape' || event.isDefaultPrevented()) return
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
    },
    onBlur(event: FocusEvent) {
      // No related target: focus went nowhere (a press on something that takes no focus); the
      // press handler decides then.
      if (open && event.relatedTarget && !inside(parts, event.relatedTarget)) setOpen(false)
    },
  }
}
