import { z } from 'zod'
import { PAGE_SIZE_MAX } from '#common/constants.ts'
import { Uuid } from '#common/schemas/fields.ts'
import {
  NewsletterLinkInput,
  NewsletterLinkQuery,
  NewsletterLinkState,
  NewsletterPreferences,
  NewsletterStats,
  NewsletterSwitchInput,
  WriterNewsletterInput,
} from '#common/schemas/newsletters.ts'
import { WriterIdParams } from '#common/schemas/writers.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { readLink, setLinkChoice } from './link.service.ts'
import {
  myNewsletters,
  newsletterStats,
  setWriterNewsletter,
  updateMyNewsletters,
} from './preferences.service.ts'

/** ?postIds=a,b,c: the writer's posts whose newsletters a page of My posts shows. */
const NewsletterStatsQuery = z.object({
  postIds: z
    .string()
    .max(PAGE_SIZE_MAX * 37, `Ask for at most ${PAGE_SIZE_MAX} posts`)
    .transform((ids) => ids.split(',').filter(Boolean))
    .pipe(z.array(Uuid('Unknown post')).max(PAGE_SIZE_MAX, `Ask for at most ${PAGE_SIZE_MAX} posts`)),
})

// A mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form: the token in the
// address is the credential, so the body is read (within a small limit) and not needed.
const ONE_CLICK_BODY_LIMIT = 4096

/** A reader's newsletters: their settings, a mail's signed link, and a writer's per-post counts. */
export async function newsletterRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/me/newsletters',
    {
      ...guarded,
      schema: {
        operationId: 'getMyNewsletters',
        summary: 'Read which writers’ new posts I get by e-mail',
        response: { 200: NewsletterPreferences },
      },
    },
    async (req) => myNewsletters(app.ctx, actor(req)),
  )

  app.patch(
    '/api/me/newsletters',
    {
      ...guarded,
      schema: {
        operationId: 'updateMyNewsletters',
        summary: 'Switch newsletters or the weekly digest, or retry a bounced address',
        body: NewsletterSwitchInput,
        response: { 200: NewsletterPreferences },
      },
    },
    async (req) => updateMyNewsletters(app.ctx, actor(req), req.body),
  )

  app.put(
    '/api/me/newsletters/writers/:writerId',
    {
      ...guarded,
      schema: {
        operationId: 'setWriterNewsletter',
        summary: 'Get one writer’s new posts by e-mail, or not',
        params: WriterIdParams,
        body: WriterNewsletterInput,
        response: { 200: NewsletterPreferences },
      },
    },
    async (req) => setWriterNewsletter(app.ctx, actor(req), req.params.writerId, req.body.emailNewPosts),
  )

  app.get(
    '/api/me/newsletters/stats',
    {
      ...guarded,
      schema: {
        operationId: 'getNewsletterStats',
        summary: 'How my posts’ newsletters went (my own posts only)',
        querystring: NewsletterStatsQuery,
        response: { 200: z.array(NewsletterStats) },
      },
    },
    async (req) => newsletterStats(app.ctx, actor(req), req.query.postIds),
  )

  app.get(
    '/api/newsletters/link',
    {
      schema: {
        operationId: 'readNewsletterLink',
        summary: 'Read what a newsletter’s unsubscribe link controls (the link is the credential)',
        querystring: NewsletterLinkQuery,
        response: { 200: NewsletterLinkState },
      },
      config: { errors: [404] },
    },
    async (req) => readLink(app.ctx, req.query.token),
  )

  app.put(
    '/api/newsletters/link',
    {
      schema: {
        operationId: 'setNewsletterLink',
        summary: 'Unsubscribe from, or back to, the writer of a newsletter’s link',
        body: NewsletterLinkInput,
        response: { 200: NewsletterLinkState },
      },
      config: { errors: [404] },
    },
    async (req) => setLinkChoice(app.ctx, req.body.token, req.body.emailNewPosts),
  )

  // RFC 8058 one-click, outside /api: a mail provider posts here with no cookie and no Origin.
  // The GET of the same address is the web app's page (the pages module).
  await app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_req, _body, done) => done(null, undefined),
    )
    scope.post('/unsubscribe', { schema: { querystring: NewsletterLinkQuery } }, async (req, reply) => {
      await setLinkChoice(app.ctx, req.query.token, false)
      return reply.type('text/plain; charset=utf-8').send('Unsubscribed.\n')
    })
  })
}
