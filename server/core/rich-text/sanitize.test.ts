import { describe, expect, it } from 'vitest'
import { IMAGE_ALT_MAX_LENGTH, RICH_TEXT_NESTING_MAX } from '#common/constants.ts'
import { expectInertHtml, XSS_PAYLOADS } from '#server/test/xss-corpus.ts'
import { nestsDeeperThan, sanitizePostHtml, sanitizeRichText } from './sanitize.ts'

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

describe('sanitizePostHtml keeps figures: one uploaded image, its alt text and its caption', () => {
  const SRC = '/api/files/images/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png'
  const OTHER = '/api/files/images/0b6f4c1e-2222-4a2b-9c3d-123456789abc.png'

  it('keeps a captioned image as the editor writes it, with the inline marks of its caption', () => {
    const html = `<figure><img src="${SRC}" alt="A wave breaking over boats" /><figcaption>Hokusai, <em>The Great Wave</em>, <a href="https://example.com/wave" rel="noopener noreferrer nofollow">c. 1831</a></figcaption></figure>`
    expect(sanitizePostHtml(html)).toBe(html)
    expect(sanitizePostHtml(`<blockquote><figure><img src="${SRC}" alt=""></figure></blockquote>`)).toBe(
      `<blockquote><figure><img src="${SRC}" alt="" /></figure></blockquote>`,
    )
  })

  it('trims alt text, cuts it at the limit without splitting a character, and gives every image one', () => {
    expect(sanitizePostHtml(`<img src="${SRC}" alt="  A wave \n">`)).toBe(`<img src="${SRC}" alt="A wave" />`)
    const long = `${'a'.repeat(IMAGE_ALT_MAX_LENGTH - 1)}🌊🌊`
    expect(sanitizePostHtml(`<img src="${SRC}" alt="${long}">`)).toBe(
      `<img src="${SRC}" alt="${'a'.repeat(IMAGE_ALT_MAX_LENGTH - 1)}🌊" />`,
    )
    expect(sanitizePostHtml(`<img src="${SRC}" alt="${'b '.repeat(IMAGE_ALT_MAX_LENGTH)}">`)).toBe(
      `<img src="${SRC}" alt="${'b '.repeat(IMAGE_ALT_MAX_LENGTH / 2 - 1)}b" />`,
    )
    expect(sanitizePostHtml(`<img src="${SRC}">`)).toBe(`<img src="${SRC}" alt="" />`)
  })

  it('drops every attribute of figure and figcaption, and those of the image but its source and alt text', () => {
    expect(
      sanitizePostHtml(
        `<figure class="wide" style="float:left" id="f" onclick="alert(1)" data-x="1"><img src="${SRC}" alt="A" title="t" width="9" onerror="alert(2)" srcset="https://evil.example/x.png 2x"><figcaption onmouseover="alert(3)" class="c" lang="fr" style="color:red">Waves</figcaption></figure>`,
      ),
    ).toBe(`<figure><img src="${SRC}" alt="A" /><figcaption>Waves</figcaption></figure>`)
  })

  it('drops a figure with its caption when it has no image of Inkwell’s own right inside it', () => {
    const around = (figure: string) => sanitizePostHtml(`<p>Before</p>${figure}<p>After</p>`)
    expect(
      around('<figure><img src="https://evil.example/x.png" alt="x"><figcaption>Look</figcaption></figure>'),
    ).toBe('<p>Before</p><p>After</p>')
    expect(around('<figure><figcaption>A caption alone</figcaption></figure>')).toBe(
      '<p>Before</p><p>After</p>',
    )
    expect(around(`<figure><p><img src="${SRC}" alt="x"></p></figure>`)).toBe('<p>Before</p><p>After</p>')
    expect(around('<figure></figure>')).toBe('<p>Before</p><p>After</p>')
  })

  it('keeps one image and one caption in a figure, and nothing else', () => {
    expect(
      sanitizePostHtml(
        `<figure>Loose text<img src="https://evil.example/x.png" alt="Evil"><img src="${SRC}" alt="One"><p>A paragraph</p><img src="${OTHER}" alt="Two"><figcaption>First</figcaption><figcaption>Second</figcaption><script>alert(1)</script></figure>`,
      ),
    ).toBe(`<figure><img src="${SRC}" alt="One" /><figcaption>First</figcaption></figure>`)
  })

  it('keeps only inline marks in a caption, and drops an empty caption', () => {
    expect(
      sanitizePostHtml(
        `<figure><img src="${SRC}" alt="A"><figcaption><p>A <strong>big</strong> wave, </p><h2>drawn</h2><img src="${OTHER}" alt="x"><ul><li> in 1831</li></ul><script>alert(1)</script></figcaption></figure>`,
      ),
    ).toBe(
      `<figure><img src="${SRC}" alt="A" /><figcaption>A <strong>big</strong> wave, drawn in 1831</figcaption></figure>`,
    )
    expect(
      sanitizePostHtml(`<figure><img src="${SRC}" alt="A"><figcaption> <br> </figcaption></figure>`),
    ).toBe(`<figure><img src="${SRC}" alt="A" /></figure>`)
  })

  it('does not nest figures, and keeps only the text of a caption outside a figure', () => {
    expect(
      sanitizePostHtml(
        `<figure><img src="${SRC}" alt="Outer"><figure><img src="${OTHER}" alt="Inner"><figcaption>Inner</figcaption></figure></figure>`,
      ),
    ).toBe(`<figure><img src="${SRC}" alt="Outer" /></figure>`)
    expect(
      sanitizePostHtml(
        `<figure><img src="${SRC}" alt="Outer"><figcaption>See <figure><img src="${OTHER}" alt="Inner"><figcaption>the inner one</figcaption></figure></figcaption></figure>`,
      ),
    ).toBe(`<figure><img src="${SRC}" alt="Outer" /><figcaption>See the inner one</figcaption></figure>`)
    expect(sanitizePostHtml('<p>Text</p><figcaption class="x">A <em>stray</em> caption</figcaption>')).toBe(
      '<p>Text</p>A <em>stray</em> caption',
    )
  })
})

// Saving a stored body again must always be accepted: sanitizing what the sanitizer wrote changes
// nothing (so its length stays within the limit) and nests no deeper than what was sent.

/** A small seeded generator (mulberry32), so a failure names a body that can be made again. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const TAGS = [
  'p',
  'h2',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'a',
  'img',
  'br',
  'figure',
  'figcaption',
]
const OTHER_TAGS = [
  'div',
  'span',
  'script',
  'style',
  'table',
  'svg',
  'math',
  'textarea',
  'font',
  'b',
  'h1',
  'x-y',
]
const TEXTS = [
  'Ada',
  ' & ',
  ' < ',
  ' > ',
  '"',
  "'",
  '&amp;',
  '&lt;b&gt;',
  '&#60;',
  '&nbsp;',
  '&quot;',
  '\u00a0',
  'é',
  '\n',
  '<!-- c -->',
  ']]>',
  '&',
  '&#x26;amp;',
  '< p',
  '</ >',
]
const ATTRS = [
  ' href="https://example.com/?a=1&b=2"',
  " href='/learn/a'",
  ' href="javascript:alert(1)"',
  ' href=mailto:ada@example.com',
  ' src="/api/files/posts/abc-1.png"',
  ' src="https://evil.example/x.png"',
  ' alt="a &quot;b&quot; <c>"',
  ' alt="  spaced out  "',
  ` alt="${'long '.repeat(70)}"`,
  ' class="x"',
  ' onclick="alert(1)"',
  ' title="</p>"',
  ' style="color:red"',
]

/** A body mixing the editor's tags, others, text with entities, attributes, and closes in any order. */
function generatedBody(next: () => number): string {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]
  let html = ''
  const open: string[] = []
  const parts = 5 + Math.floor(next() * 60)
  for (let i = 0; i < parts; i++) {
    const roll = next()
    if (roll < 0.35) {
      const tag = next() < 0.75 ? pick(TAGS) : pick(OTHER_TAGS)
      const attrs = next() < 0.4 ? pick(ATTRS) + (next() < 0.3 ? pick(ATTRS) : '') : ''
      html += `<${next() < 0.1 ? tag.toUpperCase() : tag}${attrs}${next() < 0.1 ? ' /' : ''}>`
      open.push(tag)
    } else if (roll < 0.55 && open.length) {
      // Usually the innermost, sometimes another (misnested), sometimes one never opened.
      const tag = next() < 0.7 ? open.pop()! : next() < 0.5 ? pick(open) : pick(OTHER_TAGS)
      html += `</${tag}>`
    } else {
      html += pick(TEXTS)
    }
  }
  return html
}

describe('sanitizing is idempotent, so a stored body can always be saved again', () => {
  it.each(XSS_PAYLOADS.map((p) => [p]))('the XSS corpus: %s', (payload) => {
    const once = sanitizePostHtml(`<p>Keep me</p>${payload}`)
    expect(sanitizePostHtml(once)).toBe(once)
  })

  it('2,000 generated bodies: sanitizing again changes nothing and nests no deeper', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const html = generatedBody(random(seed))
      const once = sanitizePostHtml(html)
      expect(sanitizePostHtml(once), `seed ${seed}: ${html}`).toBe(once)
      for (const max of [1, 2, 4, 8]) {
        if (!nestsDeeperThan(html, max))
          expect(nestsDeeperThan(once, max), `seed ${seed}, ${max}: ${html}`).toBe(false)
      }
    }
  })
})

describe("nestsDeeperThan measures depth as the sanitizer's parser builds it", () => {
  it.each([
    ['text only', 'plain & simple', 0],
    ['void tags', '<br><img src="/x"><hr>', 1],
    ['closed tags', '<p><strong>a</strong></p><p>b</p>', 2],
    ['unclosed paragraphs end each other', '<p>a<p>b<p>c', 1],
    ['unclosed list items end each other', '<ul><li>a<li>b<li>c</ul>', 2],
    ['a stray end tag closes nothing', '<div></span><div></span><div>', 3],
    ['an end tag in an attribute is not one', '<div title="</div>"><div title="</div>">', 2],
    ['an end tag closes what it names and everything inside', '<ul><li><p><em>x</ul><ul><li>', 4],
    ['a comment is not a tag', '<p><!-- <div><div><div> --></p>', 1],
  ])('%s', (_, html, depth) => {
    expect(nestsDeeperThan(html, depth)).toBe(false)
    if (depth > 0) expect(nestsDeeperThan(html, depth - 1)).toBe(true)
  })

  it('stops at the first tag past the limit', () => {
    const crafted = '<ol><li><p>'.repeat(18_000)
    expect(nestsDeeperThan(crafted, RICH_TEXT_NESTING_MAX)).toBe(true)
    expect(sanitizeRichText(crafted, { maxLength: 1e6 })).toEqual({ tooDeep: true })
    expect(sanitizeRichText('<p>a & b</p>', { maxLength: 16 })).toEqual({ html: '<p>a &amp; b</p>' })
    expect(sanitizeRichText('<p>a & b</p>', { maxLength: 15 })).toEqual({ tooLong: 16 })
  })
})
