import { describe, expect, it } from 'vitest'
import { absoluteLinks } from './rss.ts'
import { cdata, xmlText } from './xml.ts'
import { parseXml } from './xml-check.ts'

const roundTrip = (inner: string) => parseXml(`<a>${inner}</a>`).text

describe('xml', () => {
  it('escapes text so it reads back exactly', () => {
    const nasty = `<b>&amp; "q" 'a' ]]> </b>`
    expect(roundTrip(xmlText(nasty))).toBe(nasty)
  })

  it('splits a CDATA section around every ]]>', () => {
    const html = '<p>a ]]> b ]]>]]> c</p>'
    expect(roundTrip(cdata(html))).toBe(html)
  })

  it('drops characters XML cannot carry, keeping tabs, newlines and astral characters', () => {
    const text = 'a\u0000b\u0008c\u000bd\ufffee\tf\ng \ud83d\ude00 h\ud800'
    expect(roundTrip(xmlText(text))).toBe('abcde\tf\ng \ud83d\ude00 h')
    expect(roundTrip(cdata(text))).toBe('abcde\tf\ng \ud83d\ude00 h')
  })

  it('the checker refuses what is not well-formed', () => {
    for (const bad of [
      '<a>',
      '<a></b>',
      '<a>&</a>',
      '<a>&nbsp;</a>',
      '<a><![CDATA[x</a>',
      '<a/><b/>',
      '<a x=1/>',
    ])
      expect(() => parseXml(bad), bad).toThrow()
  })
})

describe('absoluteLinks', () => {
  const base = 'https://inkwell.example/learn/w/post'
  it('resolves relative links and images against the post, leaving others alone', () => {
    expect(
      absoluteLinks(
        '<a href="/learn/x/y">1</a><img src="/api/files/p/a-1.png" alt="" /><a href="https://x.test/">2</a><a href="mailto:a@b.c">3</a><a href="#h">4</a><a href="next">5</a>',
        base,
      ),
    ).toBe(
      '<a href="https://inkwell.example/learn/x/y">1</a><img src="https://inkwell.example/api/files/p/a-1.png" alt="" /><a href="https://x.test/">2</a><a href="mailto:a@b.c">3</a><a href="#h">4</a><a href="https://inkwell.example/learn/w/next">5</a>',
    )
  })
})
