import { afterEach, describe, expect, it } from 'vitest'
import { textOfHtml } from '#common/anchoring.ts'
import { clearMarks, MARK_ATTRIBUTE, offsetsOf, textOf, wrapPassage } from './text-ranges.ts'

const HTML =
  '<div class="group/heading relative"><h2 id="night">Night</h2><a href="#night" aria-label="Link to this section: Night">#</a></div><p>The sea was <strong>grey</strong> &amp; cold.</p><p>She lit the lamp.</p>'

function body(html = HTML) {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.append(root)
  return root
}

afterEach(() => document.body.replaceChildren())

describe('the body text', () => {
  it("reads as the server reads the stored HTML, leaving out the reader's heading links", () => {
    const stored = HTML.replace(/<a href="#night"[^>]*>#<\/a>/, '')
    expect(textOf(body())).toBe(textOfHtml(stored))
    expect(textOf(body())).toBe('NightThe sea was grey & cold.She lit the lamp.')
  })
})

describe('offsetsOf', () => {
  it('turns a selection across elements into offsets in the text', () => {
    const root = body()
    const range = document.createRange()
    const sea = root.querySelectorAll('p')[0].firstChild as Text
    const lamp = root.querySelectorAll('p')[1].firstChild as Text
    range.setStart(sea, 4)
    range.setEnd(lamp, 3)
    const text = textOf(root)
    const at = offsetsOf(root, range)
    expect(text.slice(at!.start, at!.end)).toBe('sea was grey & cold.She')
  })

  it('counts a boundary between elements, and refuses an empty selection or one outside the body', () => {
    const root = body()
    const range = document.createRange()
    range.setStart(root, 1)
    range.setEnd(root.querySelectorAll('p')[0], 1)
    expect(offsetsOf(root, range)).toEqual({ start: 5, end: 17 })
    range.collapse(true)
    expect(offsetsOf(root, range)).toBeNull()
    range.selectNodeContents(document.createElement('p'))
    expect(offsetsOf(root, range)).toBeNull()
  })
})

describe('wrapPassage and clearMarks', () => {
  it('marks each text node the passage spans, one keyboard stop for it, and takes them out again', () => {
    const root = body()
    const text = textOf(root)
    const start = text.indexOf('was grey')
    const first = wrapPassage(root, start, start + 'was grey & co'.length, 'h1', 'green')
    const marks = root.querySelectorAll<HTMLElement>(`mark[${MARK_ATTRIBUTE}="h1"]`)
    expect([...marks].map((m) => m.textContent)).toEqual(['was ', 'grey', ' & co'])
    expect(first).toBe(marks[0])
    expect([...marks].map((m) => m.tabIndex)).toEqual([0, -1, -1])
    expect(marks[0].className).toContain('bg-lime-200')
    // The text is the same with the marks in it.
    expect(textOf(root)).toBe(text)

    clearMarks(root)
    expect(root.querySelector('mark')).toBeNull()
    expect(root.innerHTML).toBe(HTML)
  })

  it('marks words inside one text node, and only those words', () => {
    const root = body()
    const start = textOf(root).indexOf('lit the')
    wrapPassage(root, start, start + 'lit the'.length, 'h2', 'yellow')
    expect(root.querySelectorAll('p')[1].innerHTML).toBe(
      `She <mark ${MARK_ATTRIBUTE}="h2" class="rounded-sm cursor-pointer bg-yellow-200 text-stone-900" tabindex="0" aria-description="Your highlight: press Enter to change it">lit the</mark> lamp.`,
    )
  })
})
