import { Parser } from 'htmlparser2'
import type { AppContext } from '#server/context.ts'
import { keyOfFileUrl } from '#server/modules/files/index.ts'
import type { BookRow, ChapterRow } from './book-rows.ts'
import { zip } from './zip.ts'

// An EPUB 3 of a book, generated from its stored chapters for its owners (decision 020): a title
// page, one XHTML file per chapter, the navigation document, and the images the chapters and the
// cover use (PNG and JPEG, EPUB's core image types; a WebP image becomes its alt text). Checked
// with Debian's epubcheck in epub.test.ts.

const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const VOID = new Set(['br', 'hr', 'img'])
const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' }

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;')

interface Image {
  href: string
  mediaType: string
  data: Buffer
}

/** The book's images by their /api/files address, read once from storage (missing ones are left out). */
class Images {
  readonly found = new Map<string, Image | null>()
  constructor(private readonly ctx: AppContext) {}

  async load(url: string | null): Promise<Image | null> {
    if (!url) return null
    if (this.found.has(url)) return this.found.get(url) ?? null
    const key = keyOfFileUrl(url)
    const extension = key?.split('.').pop() ?? ''
    let image: Image | null = null
    if (key && MEDIA_TYPES[extension]) {
      const stored = await this.ctx.storage.get(key)
      if (stored) {
        const chunks: Buffer[] = []
        for await (const chunk of stored.body) chunks.push(Buffer.from(chunk))
        image = {
          href: `images/${key.replace('/', '-')}`,
          mediaType: MEDIA_TYPES[extension],
          data: Buffer.concat(chunks),
        }
      }
    }
    this.found.set(url, image)
    return image
  }
}

/** Sanitized HTML (core/rich-text/sanitize.ts's allowlist) as well-formed XHTML, images and links made local. */
async function toXhtml(html: string, images: Images, appUrl: string): Promise<string> {
  const sources: string[] = []
  new Parser({ onopentag: (name, a) => name === 'img' && a.src && sources.push(a.src) }).end(html)
  for (const src of sources) await images.load(src)

  let out = ''
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'img') {
          const image = images.found.get(attribs.src ?? '')
          out += image
            ? `<img src="${image.href}" alt="${escapeAttr(attribs.alt ?? '')}"/>`
            : escapeText(attribs.alt ?? '')
          return
        }
        const attrs = Object.entries(attribs)
          .map(([key, value]) => {
            // A link to a page of Inkwell points at the site, not into the book.
            const v = key === 'href' && value.startsWith('/') ? `${appUrl}${value}` : value
            return ` ${key}="${escapeAttr(v)}"`
          })
          .join('')
        out += VOID.has(name) ? `<${name}${attrs}/>` : `<${name}${attrs}>`
      },
      ontext(text) {
        out += escapeText(text)
      },
      onclosetag(name) {
        if (!VOID.has(name)) out += `</${name}>`
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  return out
}

const page = (lang: string, title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}">
<head><meta charset="UTF-8"/><title>${escapeText(title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>${body}</body>
</html>
`

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1 { text-align: center; margin: 2em 0 1em; }
figure { margin: 1em 0; text-align: center; }
img { max-width: 100%; }
.title-page { text-align: center; margin-top: 20%; }
`

export interface EpubBook {
  book: BookRow
  authorName: string
  chapters: ChapterRow[]
}

/** The book as an EPUB 3 file. `at` dates it (dcterms:modified and the ZIP entries). */
export async function buildEpub(
  ctx: AppContext,
  { book, authorName, chapters }: EpubBook,
  at: Date,
): Promise<Buffer> {
  const lang = book.language
  const images = new Images(ctx)
  const appUrl = ctx.config.appUrl.replace(/\/$/, '')
  const cover = await images.load(book.coverImage)
  const title = escapeText(book.title)
  const titlePage = page(
    lang,
    book.title,
    `<section class="title-page" epub:type="titlepage">${cover ? `<img src="${cover.href}" alt="Cover of ${escapeAttr(book.title)}"/>` : ''}<h1>${title}</h1>${
      book.subtitle ? `<p>${escapeText(book.subtitle)}</p>` : ''
    }<p>${escapeText(authorName)}</p></section>`,
  )
  const files = []
  for (const [i, chapter] of chapters.entries()) {
    const body = await toXhtml(chapter.bodyHtml, images, appUrl)
    files.push({
      id: `chapter-${i + 1}`,
      href: `chapter-${i + 1}.xhtml`,
      title: chapter.title,
      xhtml: page(
        lang,
        chapter.title,
        `<section epub:type="chapter"><h1>${escapeText(chapter.title)}</h1>${body}</section>`,
      ),
    })
  }
  const nav = page(
    lang,
    book.title,
    `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${files
      .map((f) => `<li><a href="${f.href}">${escapeText(f.title)}</a></li>`)
      .join('')}</ol></nav>`,
  )
  const used = [...images.found.values()].filter((image): image is Image => image !== null)
  const modified = `${at.toISOString().slice(0, 19)}Z`
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${book.id}</dc:identifier>
<dc:title>${title}</dc:title>
<dc:language>${lang}</dc:language>
<dc:creator>${escapeText(authorName)}</dc:creator>
${book.description ? `<dc:description>${escapeText(book.description)}</dc:description>\n` : ''}<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="style" href="style.css" media-type="text/css"/>
<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>
${files.map((f) => `<item id="${f.id}" href="${f.href}" media-type="application/xhtml+xml"/>`).join('\n')}
${used
  .map(
    (image, i) =>
      `<item id="image-${i + 1}" href="${image.href}" media-type="${image.mediaType}"${image === cover ? ' properties="cover-image"' : ''}/>`,
  )
  .join('\n')}
</manifest>
<spine>
<itemref idref="title-page"/>
${files.map((f) => `<itemref idref="${f.id}"/>`).join('\n')}
</spine>
</package>
`
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`
  return zip(
    [
      { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
      { name: 'META-INF/container.xml', data: Buffer.from(container) },
      { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
      { name: 'OEBPS/nav.xhtml', data: Buffer.from(nav) },
      { name: 'OEBPS/style.css', data: Buffer.from(STYLE) },
      { name: 'OEBPS/title.xhtml', data: Buffer.from(titlePage) },
      ...files.map((f) => ({ name: `OEBPS/${f.href}`, data: Buffer.from(f.xhtml) })),
      ...used.map((image) => ({ name: `OEBPS/${image.href}`, data: image.data })),
    ],
    at,
  )
}
