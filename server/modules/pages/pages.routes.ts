import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { POST_CATEGORIES } from '#common/constants.ts'
import type { SeededQuery } from '#common/query-keys.ts'
import { BookIdParams } from '#common/schemas/books.ts'
import { PostBySlugParams } from '#common/schemas/posts.ts'
import { SubjectSlugParams } from '#common/schemas/subjects.ts'
import { WriterIdParams } from '#common/schemas/writers.ts'
import type { SessionRead } from '#server/auth/guards.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { App } from '#server/http/app-type.ts'
import { type Representation, representation, sendRepresentation } from '#server/http/representation.ts'
import { type WriteSignal, writeEmptiedMap } from '#server/http/write-signal.ts'
import { absoluteUrl, CATEGORY_PAGES } from '#server/modules/feeds/index.ts'
import { renderApp } from '#web/server-render.tsx'
import { type Page, parseTemplate, renderDocument, shellPage, type Template } from './document.ts'
import {
  booksPage,
  categoryPage,
  contentsPage,
  homePage,
  STATIC_PATHS,
  staticPage,
  subjectPage,
  writersPage,
} from './listing-pages.ts'
import type { PageContent } from './page-parts.ts'
import { bookPage, postPage, writerPage } from './pages.service.ts'
import { readViewer } from './viewer.ts'

// Every address of web/app/router.tsx, as the server answers it (decision 026): a public page
// with its content, or the app's shell (noindex) for a screen with nothing public to show.
// pages.test.ts checks that this table and the router name the same paths; anything else is the
// shell with a 404, and the app shows its not-found screen.

/**
 * A page for `viewer` (null: signed out) from its path's params and its address's query (the
 * screens with filters read it).
 */
type Render = (
  ctx: AppContext,
  viewer: SessionUser | null,
  params: Record<string, string>,
  search: URLSearchParams,
) => Promise<PageContent>

/** Params the page's JSON endpoint would refuse with a 400 are simply not a page here. */
const checked =
  <P>(
    schema: z.ZodType<P>,
    render: (
      ctx: AppContext,
      viewer: SessionUser | null,
      params: P,
      search: URLSearchParams,
    ) => Promise<PageContent>,
  ): Render =>
  async (ctx, viewer, params, search) => {
    const parsed = schema.safeParse(params)
    return parsed.success ? render(ctx, viewer, parsed.data, search) : shellPage(404, 'Page not found')
  }

export const CONTENT_PAGES: Record<string, Render> = {
  '/': (ctx) => homePage(ctx),
  ...Object.fromEntries(
    POST_CATEGORIES.map((category) => [
      CATEGORY_PAGES[category].path,
      (ctx: AppContext) => categoryPage(ctx, category),
    ]),
  ),
  '/contents': (ctx, _viewer, _params, search) => contentsPage(ctx, search),
  '/subject/:subjectType': checked(
    z.object({ subjectType: SubjectSlugParams.shape.slug }),
    (ctx, viewer, p, search) => subjectPage(ctx, viewer, p.subjectType, search),
  ),
  '/learn/:uid/:topic': checked(
    z.object({ uid: PostBySlugParams.shape.writerId, topic: PostBySlugParams.shape.slug }),
    (ctx, viewer, p) => postPage(ctx, viewer, p.uid, p.topic),
  ),
  '/writer/:writerId': checked(WriterIdParams, (ctx, viewer, p) => writerPage(ctx, viewer, p.writerId)),
  '/profile': (ctx, _viewer, _params, search) => writersPage(ctx, search),
  '/read/:bookId': checked(z.object({ bookId: BookIdParams.shape.id }), (ctx, viewer, p) =>
    bookPage(ctx, viewer, p.bookId),
  ),
  '/books': (ctx, _viewer, _params, search) => booksPage(ctx, search),
  ...Object.fromEntries(STATIC_PATHS.map((path) => [path, async () => staticPage(path)])),
}

/**
 * Screens without public content: signing in, payments, search, and everything behind sign-in.
 * They answer the plain shell (noindex) and the app does the rest.
 */
export const SHELL_PAGES = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/newsletter/confirm',
  '/notifications',
  '/payment',
  '/payment/success',
  '/payment/failed',
  '/payment/error',
  '/payment/checkout/:orderId',
  '/search/:query',
  '/welcome',
  '/dashboard',
  '/settings',
  '/post',
  '/pending',
  '/topics',
  '/earnings',
  '/subscriptions',
  '/overview',
  '/postbook',
  '/postexam',
  '/exams',
  '/examroom/:examId',
  '/leaderboard/:examId',
  '/examresults/:examId',
  '/practice',
  '/highlights',
  '/reading-list',
  '/forum',
  '/forum/:subject',
  '/forum/:subject/:threadId',
  '/admin',
]

const HTML = 'text/html; charset=utf-8'
const MINUTE = 60_000
/** Pages kept per process: a page is 10–140 KB, so at most a few tens of MB. */
const KEPT_PAGES = 200
/** As index.html: the browser revalidates each visit (a 304 while the page is unchanged). */
const CACHE_REVALIDATE = 'no-cache'
/** A signed-in person's page is theirs: never stored by a shared cache (a CDN, a proxy). */
const CACHE_PRIVATE = 'private, no-cache'

export interface PageRenderer {
  /** The shell with a 404, for any address no route knows. */
  notFound(req: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>
}

/** Registers every page of the router on the app, rendered into the built index.html. */
export function pageRoutes(app: App, indexHtml: string, writes: WriteSignal): PageRenderer {
  const template: Template = parseTemplate(indexHtml)
  const { appUrl } = app.ctx.config

  // The app drawn at the page's address over the page's data. Should that ever fail, the visitor
  // still gets the page: the shell, which the app renders in the browser.
  const drawApp = async (req: FastifyRequest, page: Page, now: number) => {
    try {
      return await renderApp(absoluteUrl(appUrl, req.url), page.queries ?? [], now)
    } catch (error) {
      req.log.error({ err: error, url: req.url }, 'the app could not be rendered on the server')
      return ''
    }
  }

  /**
   * The whole document, and whether the app could be drawn into it. `who` is who is looking
   * (viewer.ts): every page carries it, and a public page is drawn as they see it (decision 041).
   */
  const documentOf = async (req: FastifyRequest, page: Page, who: SeededQuery[], indexable: boolean) => {
    const ok = indexable && page.status === 200
    // The minute the page is drawn at: relative times are in minutes, and within a minute the same
    // data makes the same bytes (an ETag that still matches).
    const now = Math.floor(app.ctx.clock.now().getTime() / MINUTE) * MINUTE
    const seeded = { ...page, queries: [...(page.queries ?? []), ...who] }
    const drawn = ok ? await drawApp(req, seeded, now) : ''
    const body = renderDocument(template, appUrl, seeded, { indexable: ok, now, app: drawn })
    return { body, drawn: drawn !== '' }
  }
  /** A screen with nothing public to show, for whoever is looking. */
  const shellOf = async (req: FastifyRequest, reply: FastifyReply, status: 200 | 404) => {
    const viewer = await readViewer(req)
    const page = { ...shellPage(status, status === 404 ? 'Page not found' : ''), path: pathOf(req) }
    const { body } = await documentOf(req, page, viewer.queries, false)
    return send(req, reply, viewer.read, status, body)
  }
  // A signed-out visitor and a signed-in one get other bytes from the same address.
  const freshnessFor = (session: SessionRead | null) => ({
    cacheControl: session ? CACHE_PRIVATE : CACHE_REVALIDATE,
    vary: 'Cookie',
  })
  const send = (
    req: FastifyRequest,
    reply: FastifyReply,
    session: SessionRead | null,
    status: Page['status'],
    body: string,
  ) => {
    const freshness = freshnessFor(session)
    if (status !== 200)
      return reply
        .code(status)
        .headers({ 'cache-control': freshness.cacheControl, vary: freshness.vary })
        .type(HTML)
        .send(body)
    return sendRepresentation(req, reply, representation(body, HTML), freshness)
  }
  // A public page as a signed-out visitor gets it is the same for all of them: each process keeps
  // it (with its tags and compressed copies) for PUBLIC_CACHE_SECONDS, and every write empties it,
  // as the public API reads (decision 028). With 0, nothing is kept and nothing listens for writes.
  // A signed-in person's page is theirs: drawn for each request, never kept.
  const ttlMs = app.ctx.config.publicCacheSeconds * 1000
  const kept =
    ttlMs > 0 ? writeEmptiedMap<Representation>(app, writes, { ttlMs, maxEntries: KEPT_PAGES }) : null
  const pathOf = (req: FastifyRequest) => req.url.split('?')[0]

  for (const [path, render] of Object.entries(CONTENT_PAGES))
    app.get(path, async (req, reply) => {
      const viewer = await readViewer(req)
      const session = viewer.read
      const keep = session ? null : kept
      const hit = keep?.get(req.url)
      if (hit !== undefined) return sendRepresentation(req, reply, hit, freshnessFor(null))
      const stamp = keep?.stamp() ?? 0
      const search = new URLSearchParams(req.url.slice(pathOf(req).length))
      const params = req.params as Record<string, string>
      const content = await render(app.ctx, session?.person ?? null, params, search)
      const { body, drawn } = await documentOf(req, { ...content, path: pathOf(req) }, viewer.queries, true)
      if (content.status !== 200) return send(req, reply, session, content.status, body)
      const page = representation(body, HTML)
      // Kept unless a write landed while it was read (it may not be in it).
      if (drawn) keep?.set(req.url, page, stamp)
      return sendRepresentation(req, reply, page, freshnessFor(session))
    })
  for (const path of SHELL_PAGES) app.get(path, (req, reply) => shellOf(req, reply, 200))

  return {
    notFound: async (req, reply) => {
      const path = pathOf(req)
      // One address per page: with a trailing slash, it is the same page without it (a permanent
      // redirect, so links and crawlers settle on one URL). Never to another host: "//x/" stays.
      const bare = path.replace(/\/+$/, '')
      if (bare && bare !== path && !bare.startsWith('//') && !bare.includes('\\'))
        return reply.redirect(`${bare}${req.url.slice(path.length)}`, 301)
      return shellOf(req, reply, 404)
    },
  }
}
