import { DOMParser as DocumentParser } from 'linkedom'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { SeededQuery } from '#common/query-keys.ts'
import { App } from '#web/app/app.tsx'
import { routes } from '#web/app/router.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { pinNow } from '#web/lib/relative-time.ts'
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

const handler = createStaticHandler(routes)

/**
 * The app's markup for `url` (absolute), with `queries` in its cache, its relative times counted
 * from `now` (the page tells the browser the same moment). Rejects when the address is not a
 * screen (a redirect or an error response): the server then sends the shell.
 */
export async function renderApp(url: string, queries: SeededQuery[], now: number): Promise<string> {
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`${url} is not a screen (${context.status})`)
  const queryClient = createQueryClient()
  seedQueries(queryClient, queries)
  // The render is synchronous: no other page's render runs while the clock is pinned.
  pinNow(now)
  try {
    return renderToString(
      <App queryClient={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </App>,
    )
  } finally {
    pinNow(null)
  }
}
