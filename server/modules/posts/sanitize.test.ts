import { describe, expect, it } from 'vitest'
import { expectInertHtml, XSS_PAYLOADS } from '#server/test/xss-corpus.ts'
import { sanitizePostHtml } from './sanitize.ts'

describe('sanitizePostHtml drops every XSS payload', () => {
  it('has a wide enough set', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50)
  })

  it.each(XSS_PAYLOADS.map((p) => [p]))('%s', (payload) => {
    expectInertHtml(sanitizePostHtml(payload))
  })
})

describe('sanitizePostHtml keeps what the editor writes', () => {
  it('keeps headings, emphasis, lists, quotes, code and rules as they are', () => {
    const html =
      '<h2>Waves</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text.<br />Next line.</p>' +
      '<h3>Kinds</h3><ul><li>Transverse</li><li>Longitudinal</li></ul><ol><li>One</li><li>Two</li></ol>' +
      '<blockquote><p>A quotation.</p></blockquote><pre><code>const x = 1 &lt; 2</code></pre><hr /><h4>End</h4>'
    expect(sanitizePostHtml(html)).toBe(html)
  })

  it('keeps web, mail and in-app links and marks them nofollow, without a target', () => {
    expect(sanitizePostHtml('<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a></p>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">x</a></p>',
    )
    expect(sanitizePostHtml('<a href="mailto:ada@example.com">mail</a>')).toBe(
      '<a href="mailto:ada@example.com" rel="noopener noreferrer nofollow">mail</a>',
    )
    expect(sanitizePostHtml('<a href="/learn/abc/waves">more</a>')).toBe(
      '<a href="/learn/abc/waves" rel="noopener noreferrer nofollow">more</a>',
    )
  })

  it('keeps images uploaded to Inkwell, with their alt text', () => {
    const img = '<img src="/api/files/posts/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png" alt="A wave" />'
    expect(sanitizePostHtml(`<p>${img}</p>`)).toBe(`<p>${img}</p>`)
  })

  it('keeps the text of tags it removes, escaped, and the prose around them', () => {
    expect(sanitizePostHtml('<div><span class="x">Hello</span> <font color="red">world</font></div>')).toBe(
      'Hello world',
    )
    expect(sanitizePostHtml('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>')
  })
})
