import type { HighlightColour } from '#common/schemas/highlights.ts'

// The body's text as the server reads it (common/anchoring.ts: every text node, in order), and the
// way between a place in that text and a place in the page: a selection becomes offsets, a
// highlight's offsets become <mark>s wrapped around its text nodes. Marks change no text, so the
// offsets stay the same with or without them; clearing them gives the body back as it was drawn.

// The "#" links the reader adds beside headings (reading/lib/outline.ts) are not the author's text.
// Authors' links carry only href and rel (the sanitizer's allowlist), so aria-label marks them.
const NOT_TEXT = 'a[aria-label]'

export const MARK_ATTRIBUTE = 'data-highlight-id'

/** One colour per highlight colour, for the marks and the swatches: dark text on any theme. */
export const COLOUR_CLASSES: Record<HighlightColour, string> = {
  yellow: 'bg-yellow-200 text-stone-900',
  green: 'bg-lime-200 text-stone-900',
  blue: 'bg-sky-200 text-stone-900',
  pink: 'bg-pink-200 text-stone-900',
}

/** The body's text nodes in order, with where each starts in its text. */
export function textNodes(root: Node): { node: Text; start: number }[] {
  const walker = root.ownerDocument?.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(NOT_TEXT) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  })
  const nodes: { node: Text; start: number }[] = []
  let at = 0
  for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
    nodes.push({ node: node as Text, start: at })
    at += (node as Text).data.length
  }
  return nodes
}

export const textOf = (root: Node) =>
  textNodes(root)
    .map((t) => t.node.data)
    .join('')

/** Where a boundary point (node, offset) falls in the body's text. */
function offsetAt(root: Node, nodes: { node: Text; start: number }[], node: Node, offset: number): number {
  if (node.nodeType === Node.TEXT_NODE) {
    const found = nodes.find((t) => t.node === node)
    if (found) return found.start + offset
  }
  // A point between elements: the text of every node before it.
  const point = root.ownerDocument?.createRange()
  if (!point) return 0
  point.setStart(node, offset)
  let at = 0
  for (const t of nodes) {
    if (point.comparePoint(t.node, 0) >= 0) break
    at = t.start + t.node.data.length
  }
  return at
}

/** The selection's offsets in the body's text, or null when it is empty or not all in the body. */
export function offsetsOf(root: Node, range: Range): { start: number; end: number } | null {
  if (range.collapsed || !root.contains(range.startContainer) || !root.contains(range.endContainer))
    return null
  const nodes = textNodes(root)
  const start = offsetAt(root, nodes, range.startContainer, range.startOffset)
  const end = offsetAt(root, nodes, range.endContainer, range.endOffset)
  return end > start ? { start, end } : null
}

/** Wraps text[start, end) in marks (one per text node it spans); answers the first, or null. */
export function wrapPassage(
  root: Node,
  start: number,
  end: number,
  id: string,
  colour: HighlightColour,
): HTMLElement | null {
  let first: HTMLElement | null = null
  for (const { node, start: at } of textNodes(root)) {
    const length = node.data.length
    const from = Math.max(start, at)
    const to = Math.min(end, at + length)
    if (from >= to) continue
    // Split the node so that exactly [from, to) is one text node, then wrap it.
    let piece = node
    if (from > at) piece = piece.splitText(from - at)
    if (to < at + length) piece.splitText(to - from)
    const mark = piece.ownerDocument.createElement('mark')
    mark.setAttribute(MARK_ATTRIBUTE, id)
    mark.className = `rounded-sm cursor-pointer ${COLOUR_CLASSES[colour]}`
    piece.replaceWith(mark)
    mark.append(piece)
    if (!first) {
      first = mark
      // One stop per highlight for the keyboard: its first piece opens it.
      mark.tabIndex = 0
      mark.setAttribute('aria-description', 'Your highlight: press Enter to change it')
    }
  }
  return first
}

/** Takes every mark out, leaving the body's text nodes as they were drawn. */
export function clearMarks(root: HTMLElement) {
  for (const mark of root.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`)) mark.replaceWith(...mark.childNodes)
  root.normalize()
}
