import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { App } from '#server/http/app-type.ts'
import { notFoundBody } from '#server/http/error-handler.ts'
import { type PageRenderer, pageRoutes } from '#server/modules/pages/index.ts'
import type { WriteSignal } from './write-signal.ts'

// The built web app (decision 014): Vite's hashed files under /assets/ are cached for a year,
// index.html and the service worker (decision 054) are revalidated on every visit, anything else
// from web/public for an hour. The build writes .br and .gz copies beside its text files; each
// request gets the smallest its Accept-Encoding allows, straight from disk.

/** Vite's output names: `<name>-<8-character content hash>.<ext>` (source maps add `.map`). */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}(?:\.\w+)+$/
/** The precompressed copies: served in place of their original, never under their own name. */
const ENCODED_COPY = /\.(?:br|gz)$/

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
/** A fixed name (favicon.svg, robots.txt) may change with a deploy: reuse it briefly, then revalidate. */
const CACHE_SHORT = 'public, max-age=3600, must-revalidate'
/** Names the current hashed files, so the browser asks every time (a 304 when unchanged). */
const CACHE_REVALIDATE = 'no-cache'
/** The files that name the current build's files: an hour's copy would hold back a deploy. */
const REVALIDATED = new Set(['index.html', 'service-worker.js'])

function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(ENCODED_COPY, '')
  if (REVALIDATED.has(file)) return CACHE_REVALIDATE
  return HASHED_ASSET.test(file) ? CACHE_IMMUTABLE : CACHE_SHORT
}

/**
 * Serves the web build at / when there is one: each address of the web app's router as a page
 * rendered into its index.html (server/modules/pages, decision 026), and what no route matched as
 * the app's shell with a 404 for any other GET or HEAD (its router shows the not-found page), JSON
 * 404 for the API and for missing files under /assets/ (an old chunk must fail as a 404, not load
 * index.html as script).
 */
export async function registerWebApp(
  app: App,
  { serveWeb, webDist }: { serveWeb: boolean; webDist: string },
  writes: WriteSignal,
) {
  const serving = serveWeb && hasWebBuild(app, webDist)
  if (serving)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) =>
        reply.header('cache-control', cacheControlFor(path.relative(webDist, file))),
    })
  const pages: PageRenderer | null = serving
    ? pageRoutes(app, fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'), writes)
    : null
  app.setNotFoundHandler((req, reply) => {
    const page = req.method === 'GET' || req.method === 'HEAD'
    if (pages && page && !req.url.startsWith('/api/') && !req.url.startsWith('/assets/')) {
      return pages.notFound(req, reply)
    }
    return reply.code(404).send(notFoundBody(req.method, req.url))
  })
}

function hasWebBuild(app: App, webDist: string): boolean {
  if (fs.existsSync(path.join(webDist, 'index.html'))) return true
  app.log.warn('dist/index.html is missing: run `npm run build` (npm start does it for you)')
  return false
}
