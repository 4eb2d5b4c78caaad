import { useQuery } from '@tanstack/react-query'
import { type RefObject, useEffect, useEffectEvent, useState } from 'react'
import { anchorPassage } from '#common/anchoring.ts'
import type { HighlightTargetInput } from '#common/schemas/highlights.ts'
import { announce } from '#web/lib/announce.ts'
import { highlightQueries } from '../api/highlights.ts'
import { clearMarks, MARK_ATTRIBUTE, offsetsOf, textOf, wrapPassage } from './text-ranges.ts'

/** Where a panel hangs: under the selection or the mark, in page coordinates. */
export interface Place {
  top: number
  left: number
}

/** What the panel shows: tools for the text just selected, or one highlight's. */
export type Open =
  | { kind: 'selection'; start: number; end: number; place: Place }
  | { kind: 'highlight'; id: string; place: Place }
  | null

export interface PassageOptions {
  body: RefObject<HTMLElement | null>
  target: HighlightTargetInput
  /** What the body shows now (the html, or the chapter's id); null while it is not on screen. */
  content: string | null
}

export const TOOLS_ATTRIBUTE = 'data-highlight-tools'
/** The shortcut that moves focus from a selection (made with Shift and the arrows) to the tools. */
export const TOOLS_KEY = 'h'

const placeUnder = (rect: DOMRect): Place => ({
  top: rect.bottom + window.scrollY + 8,
  left: rect.left + window.scrollX,
})

const inTools = (node: EventTarget | Node | null) =>
  node instanceof Element && !!node.closest(`[${TOOLS_ATTRIBUTE}]`)

const isTyping = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('input, textarea, select, [contenteditable="true"]')

// A selection settles before the tools appear: dragging across a paragraph is many changes.
const SETTLE_MS = 150

/**
 * The reader's highlights on one body: drawn as marks once it is on screen (those whose passage is
 * gone are not drawn: My highlights shows them); a selection in it opens the tools, a mark its
 * highlight's. Escape closes either; H moves focus from a selection to the tools.
 */
export function usePassageHighlights({ body, target, content }: PassageOptions) {
  const query = useQuery({ ...highlightQueries.target(target), enabled: content !== null })
  const items = query.data?.items
  const [open, setOpen] = useState<Open>(null)

  useEffect(() => {
    const root = body.current
    if (!root || content === null || !items) return
    clearMarks(root)
    const text = textOf(root)
    for (const h of items) {
      const at = anchorPassage(text, h)
      if (at) wrapPassage(root, at.start, at.end, h.id, h.colour)
    }
    return () => clearMarks(root)
  }, [body, content, items])

  // Another chapter or post: nothing of the last one stays open.
  const [openFor, setOpenFor] = useState(content)
  if (openFor !== content) {
    setOpenFor(content)
    setOpen(null)
  }

  const readSelection = useEffectEvent(() => {
    const root = body.current
    const selection = document.getSelection()
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null
    const at = root && range?.toString().trim() ? offsetsOf(root, range) : null
    if (at && range) {
      if (open?.kind !== 'selection') announce('Text selected: press H to highlight it')
      setOpen({ kind: 'selection', ...at, place: placeUnder(range.getBoundingClientRect()) })
    } else if (open?.kind === 'selection' && !inTools(document.activeElement)) setOpen(null)
  })

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!open) return
    if (event.key === 'Escape') {
      // Escape closes the panel, nothing else (the reader's focus mode waits for the next one).
      event.preventDefault()
      const mark = open.kind === 'highlight' ? markOf(body.current, open.id) : null
      setOpen(null)
      mark?.focus()
      return
    }
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey
    if (
      open.kind === 'selection' &&
      plain &&
      event.key.toLowerCase() === TOOLS_KEY &&
      !isTyping(event.target)
    ) {
      event.preventDefault()
      focusTools()
    }
  })

  const openMark = useEffectEvent((event: Event) => {
    const mark = (event.target as Element | null)?.closest?.(`mark[${MARK_ATTRIBUTE}]`)
    if (!mark || !body.current?.contains(mark)) return
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return
    // Selecting text that starts in a mark is not opening it.
    if (event.type === 'click' && !document.getSelection()?.isCollapsed) return
    event.preventDefault()
    setOpen({
      kind: 'highlight',
      id: mark.getAttribute(MARK_ATTRIBUTE) ?? '',
      place: placeUnder(mark.getBoundingClientRect()),
    })
  })

  useEffect(() => {
    const root = body.current
    if (!root || content === null) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onSelection = () => {
      clearTimeout(timer)
      timer = setTimeout(readSelection, SETTLE_MS)
    }
    document.addEventListener('selectionchange', onSelection)
    document.addEventListener('keydown', onKey)
    root.addEventListener('click', openMark)
    root.addEventListener('keydown', openMark)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('selectionchange', onSelection)
      document.removeEventListener('keydown', onKey)
      root.removeEventListener('click', openMark)
      root.removeEventListener('keydown', openMark)
    }
  }, [body, content])

  const highlight = open?.kind === 'highlight' ? items?.find((h) => h.id === open.id) : undefined
  return { open, close: () => setOpen(null), highlight }
}

/** Focus to the panel's first button (there is one panel at a time). */
export const focusTools = () => document.querySelector<HTMLElement>(`[${TOOLS_ATTRIBUTE}] button`)?.focus()

/** The first mark of a highlight: where focus goes back when its panel closes. */
export const markOf = (root: HTMLElement | null, id: string) =>
  root?.querySelector<HTMLElement>(`mark[${MARK_ATTRIBUTE}="${id}"]`) ?? null
