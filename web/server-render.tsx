import { AsyncLocalStorage } from 'node:async_hooks'
import { Writable } from 'node:stream'
import { DOMParser as DocumentParser } from 'linkedom'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { SeededQuery } from '#common/query-keys.ts'
import { App } from '#web/app/app.tsx'
import { AppRoutes, preloadScreens } from '#web/app/router.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { readPinnedNowFrom } from '#web/lib/relative-time.ts'
import { seedQueries } from '#web/lib/server-data.ts'

// The server's half of a public page (decision 030): the app itself, rendered to HTML at the
// page's address over the data the page carries, as a signed-out reader's first render would
// draw it. In the browser, web/main.tsx hydrates this markup instead of replacing it.

// The one browser API a public screen uses while it renders: DOMParser (a post's outline). Here it
// is linkedom's, which parses whole documents only, so the markup goes in as a document's body.
globalThis.DOMParser ??= class {
  parseFromString(markup: string, type: 'text/html') {
    return new DocumentParser().parseFromString(
      `<!doctype html><html><head></head><body>${markup}</body></html>`,
      type,
    )
  }
} as unknown as typeof DOMParser

// Each render's "now" is its own: renders overlap, as a streamed render spans several tasks.
const renderedAt = new AsyncLocalStorage<number>()
readPinnedNowFrom(() => renderedAt.getStore() ?? null)

/**
 * The app's markup for `url` (absolute), with `queries` in its cache, its relative times counted
 * from `now` (the page tells the browser the same moment).
 */
export async function renderApp(url: string, queries: SeededQuery[], now: number): Promise<string> {
  const { pathname, search } = new URL(url)
  await preloadScreens(pathname)
  const queryClient = createQueryClient()
  seedQueries(queryClient, queries)
  const app = (
    <App queryClient={queryClient}>
      <StaticRouter location={pathname + search}>
        <AppRoutes />
      </StaticRouter>
    </App>
  )
  return renderedAt.run(now, () => renderWhole(app))
}

/**
 * React's streaming render, collected whole (decision 041): a kept page is one document with an
 * ETag, so it is sent once every Suspense boundary is ready (onAllReady), not in pieces.
 */
function renderWhole(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk))
        done()
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'))
        done()
      },
    })
    let failed: unknown = null
    const stream = renderToPipeableStream(app, {
      // Every boundary inline, however long: sent whole, the page needs none of React's scripts
      // that move a late boundary into place (and the page's policy allows no such script).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) reject(failed)
        else stream.pipe(sink)
      },
      onShellError: reject,
      // An error inside a boundary would leave the client to render that part: not a page to keep.
      onError(error) {
        failed ??= error
      },
    })
  })
}
