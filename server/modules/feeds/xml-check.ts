// Tests only: a strict little XML reader for what feeds and sitemaps contain. It throws on anything
// not well-formed (unclosed or crossed tags, a stray `<` or `&`, an unknown entity, an attribute
// without quotes, text outside the root, characters XML forbids) and returns the tree, so tests
// read the document the way a feed reader would rather than with regular expressions.

export interface XmlElement {
  name: string
  attrs: Record<string, string>
  children: XmlElement[]
  /** The element's own text, entities and CDATA decoded. */
  text: string
}

const NAME = /^[A-Za-z_][\w.:-]*/
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this refuses
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/

function decode(raw: string, at: number): string {
  if (raw.includes('<')) throw new Error(`"<" in text at ${at}`)
  return raw.replace(/&([^;]*);|&/g, (whole, name?: string) => {
    if (name === undefined) throw new Error(`bare "&" at ${at}`)
    if (name in ENTITY) return ENTITY[name] as string
    const code = /^#x[0-9a-f]+$/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#\d+$/.test(name)
        ? Number(name.slice(1))
        : Number.NaN
    if (Number.isNaN(code)) throw new Error(`unknown entity ${whole} at ${at}`)
    return String.fromCodePoint(code)
  })
}

export function parseXml(xml: string): XmlElement {
  if (FORBIDDEN.test(xml)) throw new Error('a character XML does not allow')
  let i = 0
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  const expect = (cond: boolean, what: string) => {
    if (!cond) throw new Error(`${what} at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`)
  }
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>')
    expect(end > 0, 'unclosed declaration')
    i = end + 2
  }
  while (i < xml.length) {
    const top = stack.at(-1)
    if (xml.startsWith('<![CDATA[', i)) {
      expect(!!top, 'CDATA outside the root')
      const end = xml.indexOf(']]>', i)
      expect(end > 0, 'unclosed CDATA')
      ;(top as XmlElement).text += xml.slice(i + 9, end)
      i = end + 3
    } else if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i)
      expect(end > 0, 'unclosed comment')
      i = end + 3
    } else if (xml.startsWith('</', i)) {
      const name = NAME.exec(xml.slice(i + 2))?.[0]
      expect(!!top && name === top.name, `closing </${name}> does not match <${top?.name}>`)
      i += 2 + (name as string).length
      while (/\s/.test(xml[i] ?? '')) i++
      expect(xml[i] === '>', 'bad closing tag')
      i++
      stack.pop()
    } else if (xml[i] === '<') {
      i++
      const name = NAME.exec(xml.slice(i))?.[0]
      expect(!!name, 'bad tag name')
      i += (name as string).length
      const el: XmlElement = { name: name as string, attrs: {}, children: [], text: '' }
      for (;;) {
        const space = /^\s*/.exec(xml.slice(i))?.[0].length ?? 0
        i += space
        if (xml.startsWith('/>', i) || xml[i] === '>') break
        expect(space > 0, 'attributes need white space between them')
        const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(xml.slice(i))
        expect(!!attr, 'bad attribute')
        const [whole, key, , double, single] = attr as RegExpExecArray
        expect(!(key in el.attrs), `repeated attribute ${key}`)
        el.attrs[key] = decode(double ?? single ?? '', i)
        i += whole.length
      }
      if (top) top.children.push(el)
      else {
        expect(!root, 'a second root element')
        root = el
      }
      if (xml.startsWith('/>', i)) i += 2
      else {
        i++
        stack.push(el)
      }
    } else {
      const end = xml.indexOf('<', i) === -1 ? xml.length : xml.indexOf('<', i)
      const raw = xml.slice(i, end)
      if (top) top.text += decode(raw, i)
      else expect(raw.trim() === '', 'text outside the root')
      i = end
    }
  }
  expect(stack.length === 0, `unclosed <${stack.at(-1)?.name}>`)
  if (!root) throw new Error('no root element')
  return root
}

/** The children named `name`, or the text of the first one. */
export const childrenOf = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name)
export const textOf = (el: XmlElement, name: string) => childrenOf(el, name)[0]?.text
