import { describe, expect, it } from 'vitest'
import { outlineOf } from './outline.ts'

const idsOf = (html: string) => outlineOf(html).headings.map((h) => h.id)

describe('outlineOf', () => {
  it('lists the h2 and h3 headings in order, with their words and level', () => {
    const { headings } = outlineOf(
      '<p>Intro</p><h2>The first law</h2><p>…</p><h3>Why  it\nholds</h3><h4>Not listed</h4><h2>The second law</h2>',
    )
    expect(headings).toEqual([
      { id: 'the-first-law', text: 'The first law', level: 2 },
      { id: 'why-it-holds', text: 'Why it holds', level: 3 },
      { id: 'the-second-law', text: 'The second law', level: 2 },
    ])
  })

  it('makes ids from the words: lower case, accents folded, anything else a single dash, trimmed', () => {
    expect(
      idsOf('<h2>  Ça va? Ünïcode &amp; <em>Waves</em>!  </h2><h3>E = mc²</h3><h2>2. Données</h2>'),
    ).toEqual(['ca-va-unicode-waves', 'e-mc2', '2-donnees'])
  })

  it('numbers repeats from 2, and calls a heading without letters or digits "section"', () => {
    expect(
      idsOf('<h2>Summary</h2><h3>Summary</h3><h2>Summary</h2><h2>!!!</h2><h2></h2><h3>Summary 2</h3>'),
    ).toEqual(['summary', 'summary-2', 'summary-3', 'section', 'section-2', 'summary-2-2'])
  })

  it('never takes an id the reader page uses (a heading called Comments is comments-2)', () => {
    expect(idsOf('<h2>Comments</h2><h2>Main</h2>')).toEqual(['comments-2', 'main-2'])
    // index.html's container of the whole app: the contents would mark it, and jump to the top.
    expect(idsOf('<h2>Root</h2>')).toEqual(['root-2'])
    expect(outlineOf('<h2>Intro</h2>', ['intro']).headings[0].id).toBe('intro-2')
  })

  it('gives the same ids and HTML for the same body, every time', () => {
    const body = '<h2>One</h2><p>a</p><h2>One</h2><h3>Two</h3>'
    expect(outlineOf(body)).toEqual(outlineOf(body))
  })

  it('puts the id on the heading and a named "#" link beside it, leaving the heading’s name alone', () => {
    document.body.innerHTML = outlineOf(
      '<p>Before</p><h2>The <strong>first</strong> law</h2><p>After</p>',
    ).html
    const heading = document.querySelector('h2')
    expect(heading).toHaveAttribute('id', 'the-first-law')
    expect(heading).toHaveAccessibleName('The first law')
    const link = heading?.nextElementSibling
    expect(link).toHaveAttribute('href', '#the-first-law')
    expect(link).toHaveAccessibleName('Link to this section: The first law')
    expect(link).toHaveTextContent('#')
    // The rest of the body is as it was, in its order.
    expect(document.body.textContent).toBe('BeforeThe first law#After')
    document.body.innerHTML = ''
  })

  it('leaves a body without headings as it was', () => {
    const body = '<p>Just <a href="https://example.com">a link</a>.</p><ul><li>one</li></ul>'
    expect(outlineOf(body)).toEqual({ html: body, headings: [] })
  })
})
