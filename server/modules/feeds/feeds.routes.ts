import { z } from 'zod'
import { POST_CATEGORIES } from '#common/constants.ts'
import type { App } from '#server/http/app-type.ts'
import { sendDocument } from '#server/http/representation.ts'
import { renderAtom } from './atom.ts'
import {
  categoryScope,
  emptyFeedUpdated,
  type FeedScope,
  feedItems,
  siteScope,
  subjectScope,
  writerScope,
} from './feeds.service.ts'
import { CATEGORY_PAGES, feedPath } from './public-paths.ts'
import { renderRobots } from './robots.ts'
import { lastChange, renderRss } from './rss.ts'
import {
  bookPage,
  newestOf,
  postPage,
  renderIndex,
  renderUrlset,
  SITEMAP_INDEX_REUSE_MS,
  type SitemapPage,
  type SitemapUrl,
  sitemapIndex,
  staticUrls,
  subjectUrls,
  writerPage,
} from './sitemap.ts'

// Public reach for readers and crawlers: RSS at each listing page's address + /rss
// (Ghost's shape; /rss/ answers too) and Atom at + /atom, /sitemap.xml and its pages, robots.txt.
// Registered before the web app, so these paths never fall through to index.html (decision 021).

const FORMATS = {
  rss: { contentType: 'application/rss+xml; charset=utf-8', render: renderRss },
  atom: { contentType: 'application/atom+xml; charset=utf-8', render: renderAtom },
} as const
const XML = 'application/xml; charset=utf-8'
/** Feed readers poll: each reader, and any cache in front, reuses a feed for five minutes. */
const FEED_CACHE = 'public, max-age=300'
const CRAWL_CACHE = 'public, max-age=3600'

const SlugParams = z.object({ slug: z.string().min(1).max(200) })
const WriterParams = z.object({ writerId: z.string().min(1).max(200) })
const PageQuery = z.object({ after: z.string().min(1).max(300).optional() })

/** GET path and path/ (feed readers add the slash Ghost's feeds have). */
const bothSlashes = (path: string) => [path, `${path}/`]

export function syndicationRoutes(app: App) {
  const { appUrl } = app.ctx.config

  /** Each feed in both formats at its page's address + /rss or /atom, with or without a slash. */
  const feed = <P>(
    pagePath: string,
    schema: { params?: z.ZodType<P> },
    scopeOf: (params: P) => Promise<FeedScope>,
  ) => {
    for (const [format, { contentType, render }] of Object.entries(FORMATS))
      for (const url of bothSlashes(feedPath(pagePath, format as keyof typeof FORMATS)))
        app.get(url, { schema }, async (req, reply) => {
          const scope = await scopeOf(req.params as P)
          const items = await feedItems(app.ctx, scope)
          const updated = lastChange(items) ?? (await emptyFeedUpdated(app.ctx, scope))
          return sendDocument(req, reply, {
            body: render(appUrl, scope, items, updated),
            lastModified: updated,
            contentType,
            cacheControl: FEED_CACHE,
          })
        })
  }

  feed('/', {}, async () => siteScope())
  for (const category of POST_CATEGORIES)
    feed(CATEGORY_PAGES[category].path, {}, async () => categoryScope(category))
  feed('/subject/:slug', { params: SlugParams }, ({ slug }) => subjectScope(app.ctx, slug))
  feed('/writer/:writerId', { params: WriterParams }, ({ writerId }) => writerScope(app.ctx, writerId))

  const urlset = (urls: SitemapUrl[]) => ({
    body: renderUrlset(appUrl, urls),
    lastModified: newestOf(urls),
    contentType: XML,
    cacheControl: CRAWL_CACHE,
  })

  // The index is one pass over the published posts' index (about 0.5 µs a post on PostgreSQL):
  // built at most once per SITEMAP_INDEX_REUSE_MS in each process, however often it is asked for.
  let index: { at: number; pages: Promise<SitemapPage[]> } | null = null
  const currentIndex = () => {
    const now = app.ctx.clock.now().getTime()
    if (!index || now - index.at >= SITEMAP_INDEX_REUSE_MS) {
      const pages = sitemapIndex(app.ctx)
      const built = { at: now, pages }
      index = built
      pages.catch(() => {
        if (index === built) index = null
      })
    }
    return index.pages
  }

  app.get('/sitemap.xml', async (req, reply) => {
    const pages = await currentIndex()
    return sendDocument(req, reply, {
      body: renderIndex(appUrl, pages),
      lastModified: newestOf(pages),
      contentType: XML,
      cacheControl: CRAWL_CACHE,
    })
  })
  app.get('/sitemap-pages.xml', async (req, reply) =>
    sendDocument(req, reply, urlset(await staticUrls(app.ctx))),
  )
  app.get('/sitemap-subjects.xml', async (req, reply) =>
    sendDocument(req, reply, urlset(await subjectUrls(app.ctx))),
  )
  app.get('/sitemap-posts.xml', { schema: { querystring: PageQuery } }, async (req, reply) =>
    sendDocument(req, reply, urlset(await postPage(app.ctx, req.query.after))),
  )
  app.get('/sitemap-books.xml', { schema: { querystring: PageQuery } }, async (req, reply) =>
    sendDocument(req, reply, urlset(await bookPage(app.ctx, req.query.after))),
  )
  app.get('/sitemap-writers.xml', { schema: { querystring: PageQuery } }, async (req, reply) =>
    sendDocument(req, reply, urlset(await writerPage(app.ctx, req.query.after))),
  )

  app.get('/robots.txt', async (req, reply) =>
    sendDocument(req, reply, {
      body: renderRobots(appUrl),
      contentType: 'text/plain; charset=utf-8',
      cacheControl: CRAWL_CACHE,
    }),
  )
}
