import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { PNG_1PX } from '#server/test/upload.ts'
import { buyBook, publishedBook } from './books.fixtures.ts'

// The EPUB download: owners, the author and admins only, as an attachment, and a file that
// Debian's epubcheck (apt-get install epubcheck) accepts.

let t: TestApp
let admin: TestUser
let author: TestUser
let owner: TestUser
let stranger: TestUser
let book: { id: string; chapterIds: string[] }
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-epub-'))

const CHAPTERS = [
  '<h2>Morning</h2><p>It&#39;s <strong>early</strong> &amp; <em>quiet</em>&nbsp;— “dawn”.</p><ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>',
  `<blockquote><p>A quote</p></blockquote><pre><code>let x = 1 &lt; 2</code></pre><hr><p>Line<br>break, <a href="/learn/someone/a-post">a post</a> and <a href="https://example.org/?a=1&amp;b=2">a site</a>.</p><figure><img src="/api/files/images/00000000-0000-4000-8000-000000000001.png" alt="A dot"><figcaption>A <em>tiny</em> figure</figcaption></figure><figure><img src="/api/files/images/00000000-0000-4000-8000-000000000002.webp" alt="Not core"></figure><p><u>under</u> <s>struck</s></p>`,
]

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Élodie Écrit' })
  owner = await createUser(t)
  stranger = await createUser(t)
  await t.app.ctx.storage.put('images/00000000-0000-4000-8000-000000000001.png', PNG_1PX, 'png')
  await t.app.ctx.storage.put('covers/00000000-0000-4000-8000-000000000003.png', PNG_1PX, 'png')
  book = await publishedBook(t, admin, author, CHAPTERS, {
    title: 'Dawn & Dusk: <Notes>',
    subtitle: 'Two chapters',
    language: 'fr',
    coverImage: '/api/files/covers/00000000-0000-4000-8000-000000000003.png',
  })
  await buyBook(t, owner, book.id)
})
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true })
  await t.close()
})

const download = (who: TestUser | null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/books/${book.id}/epub`,
    headers: who ? { cookie: who.cookie } : {},
  })

/** The entries of a ZIP file in order, with the compression of each, read by Python's zipfile. */
function entries(file: string): { name: string; stored: boolean; text: string }[] {
  const script = [
    'import json, sys, zipfile',
    'z = zipfile.ZipFile(sys.argv[1])',
    'print(json.dumps([{"name": i.filename, "stored": i.compress_type == 0,',
    '  "text": z.read(i).decode("utf-8", "replace")} for i in z.infolist()]))',
  ].join('\n')
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }))
}

describe('GET /api/books/:id/epub', () => {
  it('is for owners, the author and admins, as an attachment', async () => {
    expect((await download(null)).statusCode).toBe(401)
    const refused = await download(stranger)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe('Downloads are for owners: buy the book first')
    for (const who of [owner, author, admin]) {
      const res = await download(who)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/epub+zip')
      expect(res.headers['content-disposition']).toBe('attachment; filename="dawn-dusk-notes.epub"')
    }
  })

  it('holds the mimetype first and stored, every chapter, the images in core types, links to the site', async () => {
    const file = path.join(dir, 'read.epub')
    fs.writeFileSync(file, (await download(owner)).rawPayload)
    const files = entries(file)
    expect(files[0]).toMatchObject({ name: 'mimetype', stored: true, text: 'application/epub+zip' })
    expect(files.map((f) => f.name)).toEqual([
      'mimetype',
      'META-INF/container.xml',
      'OEBPS/content.opf',
      'OEBPS/nav.xhtml',
      'OEBPS/style.css',
      'OEBPS/title.xhtml',
      'OEBPS/chapter-1.xhtml',
      'OEBPS/chapter-2.xhtml',
      'OEBPS/images/covers-00000000-0000-4000-8000-000000000003.png',
      'OEBPS/images/images-00000000-0000-4000-8000-000000000001.png',
    ])
    const second = files.find((f) => f.name === 'OEBPS/chapter-2.xhtml')!.text
    expect(second).toContain(
      '<img src="images/images-00000000-0000-4000-8000-000000000001.png" alt="A dot"/>',
    )
    expect(second).toContain('Not core')
    expect(second).toContain(`href="${t.config.appUrl}/learn/someone/a-post"`)
    expect(files.find((f) => f.name === 'OEBPS/content.opf')!.text).toContain(
      '<dc:title>Dawn &amp; Dusk: &lt;Notes&gt;</dc:title>',
    )
  })

  // Debian's /usr/bin/epubcheck is the jar itself (run through binfmt_misc, which containers often
  // lack), so it runs through java -jar.
  const epubcheck = ['/usr/share/java/epubcheck.jar'].find(
    (jar) => fs.existsSync(jar) && spawnSync('java', ['-version']).status === 0,
  )
  it.skipIf(!epubcheck)(
    'passes epubcheck (Debian package epubcheck)',
    async () => {
      const file = path.join(dir, 'check.epub')
      fs.writeFileSync(file, (await download(author)).rawPayload)
      const run = spawnSync('java', ['-jar', epubcheck as string, file], { encoding: 'utf8' })
      expect(`${run.stdout}\n${run.stderr}`).toContain('No errors or warnings detected')
      expect(run.status).toBe(0)
    },
    60_000,
  )
})
