import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { BookIdParams } from '#common/schemas/books.ts'
import { POST_CATEGORIES, PostBySlugParams } from '#common/schemas/posts.ts'
import { SubjectSlugParams } from '#common/schemas/subjects.ts'
import { WriterIdParams } from '#common/schemas/writers.ts'
import type { AppContext } from '#server/context.ts'
import type { App } from '#server/http/app-type.ts'
import { sendDocument } from '#server/modules/feeds/conditional.ts'
import { CATEGORY_PAGES } from '#server/modules/feeds/public-paths.ts'
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

// Every address of web/app/router.tsx, as the server answers it (decision 026): a public page
// with its content, or the app's shell (noindex) for a screen with nothing public to show.
// pages.test.ts checks that this table and the router name the same paths; anything else is the
// shell with a 404, and the app shows its not-found screen.

type Render = (ctx: AppContext, params: Record<string, string>) => Promise<PageContent>

/** Params the page's JSON endpoint would refuse with a 400 are simply not a page here. */
const checked =
  <P>(schema: z.ZodType<P>, render: (ctx: AppContext, params: P) => Promise<PageContent>): Render =>
  async (ctx, params) => {
    const parsed = schema.safeParse(params)
    return parsed.success ? render(ctx, parsed.data) : shellPage(404, 'Page not found')
  }

export const CONTENT_PAGES: Record<string, Render> = {
  '/': (ctx) => homePage(ctx),
  ...Object.fromEntries(
    POST_CATEGORIES.map((category) => [
      CATEGORY_PAGES[category].path,
      (ctx: AppContext) => categoryPage(ctx, category),
    ]),
  ),
  '/contents': (ctx) => contentsPage(ctx),
  '/subject/:subjectType': checked(z.object({ subjectType: SubjectSlugParams.shape.slug }), (ctx, p) =>
    subjectPage(ctx, p.subjectType),
  ),
  '/learn/:uid/:topic': checked(
    z.object({ uid: PostBySlugParams.shape.writerId, topic: PostBySlugParams.shape.slug }),
    (ctx, p) => postPage(ctx, p.uid, p.topic),
  ),
  '/writer/:writerId': checked(WriterIdParams, (ctx, p) => writerPage(ctx, p.writerId)),
  '/profile': (ctx) => writersPage(ctx),
  '/read/:bookId': checked(z.object({ bookId: BookIdParams.shape.id }), (ctx, p) => bookPage(ctx, p.bookId)),
  '/books': (ctx) => booksPage(ctx),
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
  '/forum',
  '/forum/:subject',
  '/forum/:subject/:threadId',
  '/admin',
]

/** The Better Auth session cookie (with or without the __Secure- prefix production uses). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

const HTML = 'text/html; charset=utf-8'
/** As index.html: the browser revalidates each visit (a 304 while the page is unchanged). */
const CACHE_REVALIDATE = 'no-cache'

export interface PageRenderer {
  /** The shell with a 404, for any address no route knows. */
  notFound(req: FastifyRequest, reply: FastifyReply): FastifyReply
}

/** Registers every page of the router on the app, rendered into the built index.html. */
export function pageRoutes(app: App, indexHtml: string): PageRenderer {
  const template: Template = parseTemplate(indexHtml)
  const { appUrl } = app.ctx.config

  const send = (req: FastifyRequest, reply: FastifyReply, page: Page, indexable: boolean) => {
    const body = renderDocument(template, appUrl, page, {
      indexable: indexable && page.status === 200,
      fresh: !SESSION_COOKIE.test(req.headers.cookie ?? ''),
    })
    if (page.status !== 200)
      return reply.code(page.status).header('cache-control', CACHE_REVALIDATE).type(HTML).send(body)
    return sendDocument(req, reply, { body, contentType: HTML, cacheControl: CACHE_REVALIDATE })
  }
  const pathOf = (req: FastifyRequest) => req.url.split('?')[0]
  // The data in a page is the signed-out view, so a visitor with a session gets other bytes
  // (set on the way out: sendDocument writes its own Vary).
  const options = {
    onSend: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('vary', 'Accept-Encoding, Cookie')
      return payload
    },
  }

  for (const [path, render] of Object.entries(CONTENT_PAGES))
    app.get(path, options, async (req, reply) => {
      const content = await render(app.ctx, req.params as Record<string, string>)
      return send(req, reply, { ...content, path: pathOf(req) }, true)
    })
  for (const path of SHELL_PAGES)
    app.get(path, options, async (req, reply) =>
      send(req, reply, { ...shellPage(200), path: pathOf(req) }, false),
    )

  return {
    notFound: (req, reply) =>
      send(req, reply, { ...shellPage(404, 'Page not found'), path: pathOf(req) }, false),
  }
}
