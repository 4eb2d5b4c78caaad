// One polite live region for the whole app (WCAG 4.1.3): news a screen reader should hear without
// focus moving to it, such as the new page's title after a navigation. The region exists from the
// first announcement on; clearing it first makes the same words heard twice in a row.

const REGION_ID = 'inkwell-announcer'

function region(): HTMLElement {
  const existing = document.getElementById(REGION_ID)
  if (existing) return existing
  const node = document.createElement('div')
  node.id = REGION_ID
  // aria-live alone (a status role would be one more "status" on screens that have their own).
  node.setAttribute('aria-live', 'polite')
  node.setAttribute('aria-atomic', 'true')
  node.className = 'sr-only'
  document.body.append(node)
  return node
}

/** Says `message` once, politely. */
export function announce(message: string) {
  const node = region()
  node.textContent = ''
  // A separate task, so assistive technology sees a change even when the words are the same.
  window.setTimeout(() => {
    node.textContent = message
  }, 50)
}
