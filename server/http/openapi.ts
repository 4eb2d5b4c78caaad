import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '#common/errors.ts'
import { AUTH_ENDPOINTS } from '#server/auth/auth.routes.ts'
import { requireAdmin, requireUser } from '#server/auth/guards.ts'
import { FILE_TYPES } from '#server/storage/file-type.ts'

// The API described from the routes themselves (decision 025): @fastify/swagger collects every
// route, fastify-type-provider-zod turns the zod schemas they validate with into JSON Schema, and
// this module adds what the schemas cannot say: who may call a route (read from its guard), the
// error answers (inferred from the route, or declared on it), and the few bodies that are bytes or
// streams rather than JSON.

export const OPENAPI_PATH = '/api/openapi.json'
export const DOCS_PREFIX = '/api/docs'

/** The one error shape every failure answers (common/errors.ts, server/http/error-handler.ts). */
const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string().describe('Written for the person reading it'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per-field messages for a 400, keyed by the field (nested fields joined with dots)'),
  }),
}) satisfies z.ZodType<ErrorBody>

/** The error answers a route can give, as components/responses, by status. */
const ERROR_RESPONSES = {
  400: ['BadRequest', 'The input is invalid: `fields` says what to fix'],
  401: ['Unauthorized', 'No session: sign in first'],
  402: ['PaymentRequired', 'The item is not free: buy it first'],
  403: ['Forbidden', 'The session may not do this'],
  404: ['NotFound', 'No such item, or not one this session may see'],
  409: ['Conflict', 'The item is not in a state that allows this'],
  413: ['PayloadTooLarge', 'The file is too large: the message says the limit'],
  415: ['UnsupportedMediaType', 'Not a file type this route takes: the message says which it does'],
  429: ['RateLimited', 'Too many attempts: Retry-After says when to try again'],
  503: ['Unavailable', 'A service Inkwell depends on did not answer: nothing was changed, try again shortly'],
} as const
type ErrorStatus = keyof typeof ERROR_RESPONSES

/** What only a route's service knows; 401 and 429 always come from the guard and the rate limit. */
type DeclaredError = Exclude<ErrorStatus, 401 | 429>

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The errors the route answers beyond those openapi.ts infers (400 from a validated input, 401
     * and an admin's 403 from the guard, 404 from a path parameter, 429 from a rate limit): its
     * service's 403, 409, 402, ..., a 404 for an id in the body. Repeating an inferred one fails.
     */
    errors?: DeclaredError[]
  }
}

const SESSION = 'session'

/** What the route table knows about a route beyond its schemas. */
interface RouteFacts {
  guard: () => 'user' | 'admin' | null
  rateLimited: boolean
  validates: boolean
  rawBody: boolean
  declared: DeclaredError[]
}

type Media = Record<string, { schema: Record<string, unknown> }>
const bytes = (description: string) => ({
  type: 'string',
  contentMediaType: 'application/octet-stream',
  description,
})
const eventStream: Media = {
  'text/event-stream': {
    schema: { type: 'string', description: 'Server-sent events, one JSON object per `data:`' },
  },
}

/**
 * Bodies that are not JSON: the routes send bytes or streams (no zod schema to read them from), or
 * read the raw body. Keyed by the route as registered; the test fails on an entry no route has.
 */
export const RAW_BODIES: Record<string, { request?: Media; response?: Media }> = {
  'POST /api/uploads/images': {
    request: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    },
  },
  'POST /api/payments/webhook/:provider': {
    request: {
      'application/json': {
        schema: bytes("The provider's event, read as raw bytes: the signature covers them"),
      },
    },
  },
  'GET /api/me/earnings/export.csv': {
    response: { 'text/csv': { schema: { type: 'string', description: 'Sent as an attachment' } } },
  },
  'GET /api/exams/:examId/statistics.csv': {
    response: { 'text/csv': { schema: { type: 'string', description: 'Sent as an attachment' } } },
  },
  'GET /api/me/subscribers/export': {
    response: { 'text/csv': { schema: { type: 'string', description: 'Sent as an attachment' } } },
  },
  'GET /api/books/:id/epub': {
    response: { 'application/epub+zip': { schema: bytes('The book, sent as an attachment') } },
  },
  'GET /api/files/:folder/:name': {
    response: Object.fromEntries(
      Object.values(FILE_TYPES).map((type) => [type, { schema: bytes('The stored file') }]),
    ),
  },
  'GET /api/notifications/stream': { response: eventStream },
  'GET /api/exams/:examId/leaderboard/stream': { response: eventStream },
  'GET /api/forum/threads/:id/stream': { response: eventStream },
}

/** A Fastify route path as an OpenAPI path: `/api/posts/:id` → `/api/posts/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/**
 * Registers the document (GET /api/openapi.json) and its reference (/api/docs). Call before any
 * route: both this module and @fastify/swagger learn the routes from the onRoute hook.
 */
export async function registerOpenApi(app: FastifyInstance, { appUrl }: { appUrl: string }) {
  const facts = new Map<string, RouteFacts>()
  const raw = new Map<string, { request?: Media; response?: Media }>()

  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    if (!isApiRoute(route.url)) return
    const routeHooks = [...[route.onRequest ?? []].flat(), ...[route.preHandler ?? []].flat()]
    // A scope's own hooks are added after its routes are declared: read them when the document is built.
    const guard = () => {
      const hooks = [...scopeHooks(this), ...routeHooks]
      return hooks.includes(requireAdmin) ? 'admin' : hooks.includes(requireUser) ? 'user' : null
    }
    const schema = route.schema ?? {}
    const methods = [route.method].flat()
    for (const method of methods) {
      const key = `${method} ${openApiPath(route.url)}`
      facts.set(key, {
        guard,
        rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
        validates: Boolean(schema.body || schema.querystring || schema.params),
        // A scope that took JSON parsing away reads the body as bytes (the webhook).
        rawBody: method === 'POST' && !schema.body && !this.hasContentTypeParser('application/json'),
        declared: route.config?.errors ?? [],
      })
      const rawBody = RAW_BODIES[`${method} ${route.url}`]
      if (rawBody) raw.set(key, rawBody)
    }
  })

  const zodTransform = createJsonSchemaTransform({})
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Inkwell API',
        version: '1',
        description: [
          'The JSON API the Inkwell web app uses, generated from the zod schemas its routes validate with.',
          '',
          'Sessions are cookies: sign in through `/api/auth` (Better Auth) and send the cookie back. Requests that change something must come from the same origin (an `Origin` header matching the site).',
          '',
          'Every failure answers `{ "error": { "code", "message", "fields"? } }` with the status of its code.',
        ].join('\n'),
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          [SESSION]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description:
              'The session cookie set by signing in (`__Secure-better-auth.session_token` in production)',
          },
        },
      },
      paths: authPaths(),
    },
    transform: (document) => {
      if (!isApiRoute(document.url) || document.url.startsWith('/api/auth/')) {
        return { schema: { hide: true } as never, url: document.url }
      }
      const { schema, url } = zodTransform(document)
      return { schema: { ...schema, tags: [tagOf(url)] }, url }
    },
    transformObject: (document) =>
      completeDocument((document as { openapiObject: OpenApiObject }).openapiObject, facts, raw) as never,
  })

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No validator badge: it would send the document to a third party.
    validatorUrl: false,
    // No top bar: it shows Fastify's logo and a box to load any other document.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'Inkwell API' },
  })

  // Built once, on the first request (@fastify/swagger caches it).
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
}

const isApiRoute = (url: string) =>
  url.startsWith('/api/') && url !== OPENAPI_PATH && url !== DOCS_PREFIX && !url.startsWith(`${DOCS_PREFIX}/`)

/** /api/admin/... → admin, /api/me/... → me, /api/posts/... → posts. */
const tagOf = (url: string) => url.split('/')[2] ?? 'api'

/**
 * The onRequest and preHandler hooks of the scope a route is declared in (the admin plugins add
 * requireAdmin to their whole scope). Fastify keeps them under a private symbol and has no public
 * way to list them; openapi.test.ts fails if a scope-guarded route loses its security.
 */
function scopeHooks(instance: FastifyInstance): unknown[] {
  for (let o: object | null = instance; o; o = Object.getPrototypeOf(o)) {
    const key = Object.getOwnPropertySymbols(o).find((s) => s.description === 'fastify.hooks')
    if (key) {
      const hooks = (o as unknown as Record<symbol, Record<string, unknown[]>>)[key]
      return [...(hooks.onRequest ?? []), ...(hooks.preHandler ?? [])]
    }
  }
  return []
}

interface Operation {
  description?: string
  security?: Array<Record<string, string[]>>
  requestBody?: unknown
  responses: Record<string, unknown>
}
interface OpenApiObject {
  components: Record<string, Record<string, unknown>>
  paths: Record<string, Record<string, Operation>>
  [key: string]: unknown
}

function completeDocument(
  document: OpenApiObject,
  facts: Map<string, RouteFacts>,
  raw: Map<string, { request?: Media; response?: Media }>,
): OpenApiObject {
  document.components.schemas = {
    ...document.components.schemas,
    Error: z.toJSONSchema(ErrorSchema, { target: 'draft-2020-12' }),
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }
  document.components.responses = {
    ...Object.fromEntries(
      Object.values(ERROR_RESPONSES).map(([name, description]) => [
        name,
        { description, content: errorContent },
      ]),
    ),
    Error: {
      description:
        'Any other failure, in the same shape: for instance 403 for a change that does not come from the Inkwell app, 413 for a body over the size limit, 415 for one that is neither JSON nor multipart, 500 for a fault of ours',
      content: errorContent,
    },
  }

  for (const [path, item] of Object.entries(document.paths)) {
    if (path.startsWith('/api/auth/')) continue
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`
      const route = facts.get(key)
      if (!route) continue
      const errors: ErrorStatus[] = []
      const guard = route.guard()
      if (route.validates || route.rawBody) errors.push(400)
      if (guard) {
        operation.security = [{ [SESSION]: [] }]
        operation.description = [
          guard === 'admin' ? "Needs an administrator's session." : 'Needs a session.',
          operation.description,
        ]
          .filter(Boolean)
          .join(' ')
        errors.push(401)
      }
      if (guard === 'admin') errors.push(403)
      if (path.includes('{')) errors.push(404)
      if (route.rateLimited) errors.push(429)
      const repeated = route.declared.filter((status) => errors.includes(status))
      if (repeated.length > 0) {
        throw new Error(`${key} declares ${repeated.join(', ')}, which openapi.ts already infers: drop it`)
      }
      errors.push(...route.declared)

      const rawBody = raw.get(key)
      if (rawBody?.request) operation.requestBody = { required: true, content: rawBody.request }
      if (rawBody?.response) {
        operation.responses['200'] = { description: 'OK', content: rawBody.response }
      } else if (isDefaultResponse(operation.responses['200'])) {
        // A route that declares no answer and sends no bytes answers 204 (a delete, a beacon).
        delete operation.responses['200']
        operation.responses['204'] = { description: 'Done; no content' }
      }
      for (const status of errors)
        operation.responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` }
      operation.responses.default = { $ref: '#/components/responses/Error' }
    }
  }
  return document
}

/** What @fastify/swagger writes for a route without a response schema. */
const isDefaultResponse = (response: unknown) =>
  typeof response === 'object' &&
  response !== null &&
  !('content' in response) &&
  (response as { description?: string }).description === 'Default Response'

/**
 * Better Auth answers these under /api/auth (AUTH_ENDPOINTS); their requests and successes are
 * Better Auth's, their refusals ours (server/auth/auth-errors.ts).
 */
function authPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [endpoint, { operationId, summary, session }] of Object.entries(AUTH_ENDPOINTS)) {
    const [method, path] = endpoint.split(' ')
    paths[`/api/auth${path}`] = {
      ...paths[`/api/auth${path}`],
      [method.toLowerCase()]: {
        tags: ['auth'],
        operationId,
        summary,
        description: [
          session && 'Needs a session.',
          "Handled by Better Auth: the request and a success's answer are Better Auth's (see its API reference), except that session tokens never appear in a body: the session is the cookie. A refusal answers in the one error shape.",
        ]
          .filter(Boolean)
          .join(' '),
        ...(session && { security: [{ [SESSION]: [] }] }),
        responses: {
          200: { description: 'OK' },
          400: { $ref: '#/components/responses/BadRequest' },
          ...(session && { 401: { $ref: '#/components/responses/Unauthorized' } }),
          429: { $ref: '#/components/responses/RateLimited' },
          default: { $ref: '#/components/responses/Error' },
        },
      },
    }
  }
  return paths
}
