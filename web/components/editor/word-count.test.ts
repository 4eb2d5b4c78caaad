import { describe, expect, it } from 'vitest'
import { countWords, countWordsInHtml } from './word-count.ts'

describe('countWords', () => {
  it('counts words, keeping contractions and hyphenated words whole', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('   ')).toBe(0)
    expect(countWords("Newton's well-known laws, gently — explained.")).toBe(5)
    expect(countWords('Élan vital und Straße 42')).toBe(5)
  })

  it('does not let tags join words and ignores markup and entities', () => {
    expect(countWordsInHtml('<h2>Motion</h2><p>Every body&nbsp;persists</p>')).toBe(4)
    expect(countWordsInHtml('<p>one<br>two</p><ul><li><p>three</p></li></ul>')).toBe(3)
    expect(countWordsInHtml('<p>Tom &amp; Jerry</p><img src="/api/files/images/a.png" alt="">')).toBe(2)
    expect(countWordsInHtml('')).toBe(0)
  })

  it('counts a caption but not alt text, whatever the alt text holds', () => {
    expect(
      countWordsInHtml(
        '<figure><img src="/api/files/images/a.png" alt="Waves > boats, 1 < 2 \'really\'"><figcaption>The <em>Great</em> Wave</figcaption></figure>',
      ),
    ).toBe(3)
    expect(countWordsInHtml('<img alt=\'a > b\' src="/x.png"><p>one</p>')).toBe(1)
  })
})
