import { describe, expect, it } from 'vitest'
import { anchorPassage, describePassage, QUOTE_CONTEXT, textOfHtml } from './anchoring.ts'

const TEXT =
  'The keeper climbed the stairs. The sea was grey. She lit the lamp at dusk, as every night, and the ship came out of the fog.'
const passage = (words: string, text = TEXT, from = 0) => {
  const start = text.indexOf(words, from)
  return describePassage(text, start, start + words.length)
}

describe('describePassage', () => {
  it('keeps the words, up to 32 characters of context on each side and the place', () => {
    const s = passage('She lit the lamp')
    expect(s).toEqual({
      exact: 'She lit the lamp',
      prefix: 'climbed the stairs. The sea was grey. '.slice(-QUOTE_CONTEXT),
      suffix: ' at dusk, as every night, and the ship'.slice(0, QUOTE_CONTEXT),
      start: TEXT.indexOf('She'),
      end: TEXT.indexOf('She') + 16,
    })
    expect(passage('The keeper').prefix).toBe('')
    expect(passage('the fog.').suffix).toBe('')
  })
})

describe('anchorPassage', () => {
  it('finds the passage at its place when the text is unchanged', () => {
    const s = passage('the lamp')
    expect(anchorPassage(TEXT, s)).toEqual({ start: s.start, end: s.end })
  })

  it('follows the passage when text is added before it', () => {
    const s = passage('the lamp')
    const edited = `A new opening line. ${TEXT}`
    const found = anchorPassage(edited, s)
    expect(found).toEqual({ start: s.start + 20, end: s.end + 20 })
    expect(edited.slice(found!.start, found!.end)).toBe('the lamp')
  })

  it('follows the passage when its paragraph moves', () => {
    const s = passage('The sea was grey.')
    const edited = 'She lit the lamp at dusk. Later: The sea was grey. The keeper climbed the stairs.'
    const found = anchorPassage(edited, s)
    expect(edited.slice(found!.start, found!.end)).toBe('The sea was grey.')
  })

  it('keeps the passage when the words around it change', () => {
    const s = passage('lit the lamp')
    const edited = 'Nobody else was there. At last she lit the lamp, slowly, as the storm came.'
    expect(anchorPassage(edited, s)).toEqual({
      start: edited.indexOf('lit the lamp'),
      end: edited.indexOf('lit the lamp') + 12,
    })
  })

  it('is orphaned (null) when the passage is edited away', () => {
    expect(anchorPassage('The keeper slept. Nothing happened.', passage('She lit the lamp'))).toBeNull()
    expect(anchorPassage('', passage('the sea'))).toBeNull()
    expect(anchorPassage(TEXT, { exact: '', prefix: '', suffix: '', start: 0, end: 0 })).toBeNull()
  })

  it('tells a repeated phrase apart by its prefix and suffix, not by its old place', () => {
    const text = 'He said the word. Then she said the word again. Then nobody said the word at all.'
    const second = passage('the word', text, text.indexOf('she'))
    // Text before both copies changes length: the old position now points elsewhere.
    const edited = `Prologue, long enough to move everything. ${text.replace('He said', 'He whispered')}`
    const found = anchorPassage(edited, second)
    expect(found!.start).toBe(edited.indexOf('the word again'))

    const third = passage('the word', text, text.indexOf('nobody'))
    expect(anchorPassage(edited, third)!.start).toBe(edited.indexOf('the word at all'))
  })

  it('prefers the nearest copy when the context says nothing', () => {
    const s = { exact: 'the word', prefix: '', suffix: '', start: 13, end: 21 }
    // 'x the word y the word z' with 'ab ' before it: the second copy, 3 characters on.
    expect(anchorPassage('ab x the word y the word z', s)).toEqual({ start: 16, end: 24 })
  })
})

describe('textOfHtml', () => {
  it('reads the text nodes as textContent does: no space between blocks, entities decoded', () => {
    expect(
      textOfHtml('<p>One &amp; two</p><p>three&nbsp;<strong>four</strong>&#39;s &lt;b&gt; &#x263A;</p>'),
    ).toBe("One & twothree\u00a0four's <b> \u263a")
    expect(textOfHtml('<pre>a\n  b</pre><img src="/api/files/x.png" alt="A map">')).toBe('a\n  b')
  })
})
