import {
  CreateHighlightInput,
  Highlight,
  HighlightListQuery,
  HighlightPage,
  HighlightParams,
  HighlightTargetQuery,
  TargetHighlights,
  UpdateHighlightInput,
} from '#common/schemas/highlights.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { highlightsMarkdown } from './export.service.ts'
import {
  createHighlight,
  deleteHighlight,
  getHighlight,
  listHighlights,
  targetHighlights,
  updateHighlight,
} from './highlights.service.ts'

/** A reader's highlights and private notes on chapters and posts: only their owner reaches them. */
export function highlightRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.post(
    '/api/highlights',
    {
      ...guarded,
      schema: {
        operationId: 'createHighlight',
        summary: 'Highlight a passage I may read, in a chapter or a post, with an optional note',
        body: CreateHighlightInput,
        response: { 201: Highlight },
      },
      config: { errors: [403, 404, 409] },
    },
    async (req, reply) => reply.code(201).send(await createHighlight(app.ctx, actor(req), req.body)),
  )

  app.get(
    '/api/highlights',
    {
      ...guarded,
      schema: {
        operationId: 'listHighlights',
        summary: 'My highlights, newest first: by book or post, searched in their quotes and notes',
        querystring: HighlightListQuery,
        response: { 200: HighlightPage },
      },
    },
    async (req) => listHighlights(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/highlights/target',
    {
      ...guarded,
      schema: {
        operationId: 'listTargetHighlights',
        summary: 'My highlights on one chapter or one post, in the order of the text',
        querystring: HighlightTargetQuery,
        response: { 200: TargetHighlights },
      },
    },
    async (req) => targetHighlights(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/highlights/export',
    {
      ...guarded,
      schema: {
        operationId: 'exportHighlights',
        summary: 'Download all my highlights and notes as Markdown, by book and by post',
      },
    },
    async (req, reply) => {
      const date = app.ctx.clock.now().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="inkwell-highlights-${date}.md"`)
        .header('cache-control', 'private, no-store')
        .send(await highlightsMarkdown(app.ctx, actor(req)))
    },
  )

  app.get(
    '/api/highlights/:highlightId',
    {
      ...guarded,
      schema: {
        operationId: 'getHighlight',
        summary: 'One of my highlights',
        params: HighlightParams,
        response: { 200: Highlight },
      },
    },
    async (req) => getHighlight(app.ctx, actor(req), req.params.highlightId),
  )

  app.patch(
    '/api/highlights/:highlightId',
    {
      ...guarded,
      schema: {
        operationId: 'updateHighlight',
        summary: "Change a highlight's colour or its private note",
        params: HighlightParams,
        body: UpdateHighlightInput,
        response: { 200: Highlight },
      },
    },
    async (req) => updateHighlight(app.ctx, actor(req), req.params.highlightId, req.body),
  )

  app.delete(
    '/api/highlights/:highlightId',
    {
      ...guarded,
      schema: {
        operationId: 'deleteHighlight',
        summary: 'Delete a highlight and its note',
        params: HighlightParams,
      },
    },
    async (req, reply) => {
      await deleteHighlight(app.ctx, actor(req), req.params.highlightId)
      return reply.code(204).send()
    },
  )
}
