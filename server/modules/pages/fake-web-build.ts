import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// For the pages' tests: a web build with only its index.html, in the shape Vite writes it, so the
// server renders pages into it without a real build.

export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Inkwell: read, learn and write." />
    <link rel="alternate" type="application/rss+xml" title="Inkwell" href="/rss" />
    <title>Inkwell</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

/** A temporary directory holding INDEX_HTML as index.html (the caller removes it). */
export function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-pages-'))
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML)
  return dist
}
