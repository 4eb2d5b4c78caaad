import { describe, expect, it } from 'vitest'
import { contentTypeOf, detectFileType } from './file-type.ts'

const ascii = (text: string) => Buffer.from(text, 'latin1')

/** A zip local file header whose first entry is named `name`, stored uncompressed with `content`. */
function zipStartingWith(name: string, content: string) {
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(10, 4)
  header.writeUInt32LE(content.length, 18)
  header.writeUInt32LE(content.length, 22)
  header.writeUInt16LE(name.length, 26)
  return Buffer.concat([header, ascii(name), ascii(content), Buffer.alloc(64)])
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)])
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  ascii('\x00\x10JFIF\x00'),
  Buffer.alloc(32),
])
const WEBP = Buffer.concat([ascii('RIFF'), Buffer.from([0x24, 0, 0, 0]), ascii('WEBPVP8 '), Buffer.alloc(32)])
const PDF = ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n')
const EPUB = zipStartingWith('mimetype', 'application/epub+zip')

describe('detectFileType', () => {
  it.each([
    ['png', PNG],
    ['jpg', JPEG],
    ['webp', WEBP],
    ['pdf', PDF],
    ['epub', EPUB],
  ])('recognises %s by its bytes', (type, bytes) => {
    expect(detectFileType(bytes)).toBe(type)
  })

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['text', ascii('hello, this is not an image')],
    ['HTML', ascii('<!doctype html><script>alert(1)</script>')],
    ['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['GIF', ascii('GIF89a\x01\x00\x01\x00')],
    ['a PNG signature cut short', PNG.subarray(0, 7)],
    ['a PNG signature with one byte wrong', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['a JPEG start cut short', Buffer.from([0xff, 0xd8])],
    [
      'a RIFF file that is not WebP (WAV)',
      Buffer.concat([ascii('RIFF'), Buffer.alloc(4), ascii('WAVEfmt ')]),
    ],
    ['RIFF with WEBP in the wrong place', Buffer.concat([ascii('RIFFWEBP'), Buffer.alloc(8)])],
    ['a plain zip', zipStartingWith('chapter1.xhtml', '<html/>')],
    [
      'a zip whose mimetype is not EPUB',
      zipStartingWith('mimetype', 'application/vnd.oasis.opendocument.text'),
    ],
    ['a zip header cut short', EPUB.subarray(0, 40)],
    ['PDF magic not at the start', Buffer.concat([ascii(' '), PDF])],
  ])('rejects %s', (_, bytes) => {
    expect(detectFileType(bytes)).toBeNull()
  })
})

describe('contentTypeOf', () => {
  it('serves the stored extensions with their types', () => {
    expect(contentTypeOf('avatars/a.png')).toBe('image/png')
    expect(contentTypeOf('avatars/a.jpg')).toBe('image/jpeg')
    expect(contentTypeOf('avatars/a.webp')).toBe('image/webp')
    expect(contentTypeOf('manuscripts/a.pdf')).toBe('application/pdf')
    expect(contentTypeOf('manuscripts/a.epub')).toBe('application/epub+zip')
  })

  it('never answers with a type a browser would run', () => {
    for (const key of ['a/x.html', 'a/x.svg', 'a/x.js', 'a/x', 'a/x.constructor', 'a/x.toString']) {
      expect(contentTypeOf(key)).toBe('application/octet-stream')
    }
  })
})
