import { Validator } from '@seriousme/openapi-schema-validator'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ERROR_STATUS, isErrorBody } from '#common/errors.ts'
import { AUTH_ENDPOINTS } from '#server/auth/auth.routes.ts'
import type { App } from '#server/http/app-type.ts'
import { ROUTES } from '#server/routes.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'
import { registeredPluginRoutes } from '#server/test/registered-routes.ts'
import { openApiPath, RAW_BODIES, registerOpenApi } from './openapi.ts'

interface Operation {
  operationId?: string
  summary?: string
  security?: Array<Record<string, string[]>>
  description?: string
  requestBody?: { content: Record<string, unknown> }
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>

let t: TestApp
let doc: Document

beforeAll(async () => {
  t = await buildTestApp()
  const res = await t.request({ method: 'GET', url: '/api/openapi.json' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('application/json')
  doc = res.json()
})
afterAll(async () => {
  await t.close()
})

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  )
const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()]
const isGuarded = (op: Operation) => Boolean(op.security?.some((s) => 'session' in s))
const isAdminOnly = (op: Operation) => Boolean(op.description?.startsWith("Needs an administrator's session"))
const isStream = (op: Operation) => Boolean(op.responses['200']?.content?.['text/event-stream'])
/** A body in the one error shape whose code is the status's. */
function isErrorBodyOf(status: number, text: string): boolean {
  try {
    const body: unknown = JSON.parse(text)
    return isErrorBody(body) && ERROR_STATUS[body.error.code] === status
  } catch {
    return false
  }
}
/** Any value for each path parameter: a UUID reads as an id, a slug, a name. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')

/** "METHOD /path" for every route the real app answers, read from Fastify's own route table. */
function appRoutes(app: App): string[] {
  const routes: string[] = []
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1].length / 4
    parents.length = depth
    const path = (parents[depth - 1] ?? '') + match[2]
    parents[depth] = path
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`)
  }
  return routes
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(() => validator.resolveRefs()).not.toThrow()
  })

  it("lists every route the API modules register (Better Auth's as its allowed endpoints)", async () => {
    const registered = await registeredPluginRoutes(t.app.ctx, ...Object.values(ROUTES).flat())
    const api = registered.filter((route) => route.split(' ')[1].startsWith('/api/'))
    expect(api.length).toBeGreaterThan(100)
    const missing = api
      .filter((route) => !route.endsWith(' /api/auth/*'))
      .filter((route) => {
        const [method, url] = route.split(' ')
        return !operation(method, openApiPath(url))
      })
    expect(missing).toEqual([])
    for (const endpoint of Object.keys(AUTH_ENDPOINTS)) {
      const [method, path] = endpoint.split(' ')
      expect(operation(method, `/api/auth${path}`), endpoint).toBeDefined()
    }
    // Feeds, sitemaps and robots.txt are for readers and crawlers, not part of the API.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([])
  })

  it("lists every /api route of the running app, whoever registered it (Fastify's own table)", () => {
    const undocumented = appRoutes(t.app)
      .filter((route) => route.split(' ')[1].startsWith('/api/'))
      .filter((route) => !/ \/api\/(docs\b|openapi\.json$|auth\/\*$)/.test(route))
      .filter((route) => {
        const [method, url] = route.split(' ')
        return !operation(method, openApiPath(url))
      })
    expect(undocumented).toEqual([])
  })

  it('says which routes need a session, read from their guards: a route-level and a scope-level guard', () => {
    const me = operation('GET', '/api/me')
    expect(me.security).toEqual([{ session: [] }])
    expect(me.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' })
    expect(me.responses['403']).toBeUndefined()

    // The admin plugins guard their whole scope (addHook('onRequest', requireAdmin)).
    const refund = operation('POST', '/api/admin/orders/{id}/refund')
    expect(refund.security).toEqual([{ session: [] }])
    expect(refund.description).toMatch(/^Needs an administrator's session/)
    expect(Object.keys(refund.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', 'default']),
    )
    expect(operations().filter((o) => o.path.startsWith('/api/admin/') && !isAdminOnly(o.operation))).toEqual(
      [],
    )

    const components = doc.components as { securitySchemes: Record<string, unknown> }
    expect(components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' })
  })

  it("says which of Better Auth's endpoints need a session", () => {
    for (const path of ['change-password', 'change-email', 'delete-user', 'revoke-sessions']) {
      const op = operation('POST', `/api/auth/${path}`)
      expect(op.security, path).toEqual([{ session: [] }])
      expect(op.responses['401'], path).toEqual({ $ref: '#/components/responses/Unauthorized' })
    }
    for (const [method, path] of [
      ['GET', 'get-session'],
      ['POST', 'sign-in/email'],
      ['POST', 'sign-out'],
    ]) {
      expect(operation(method, `/api/auth/${path}`).security, path).toBeUndefined()
    }
  })

  it('names every operation for a generated client: a unique camelCase operationId and a one-line summary', () => {
    const wrong: string[] = []
    const routesById = new Map<string, string[]>()
    for (const { method, path, operation: op } of operations()) {
      const route = `${method} ${path}`
      if (!/^[a-z][a-zA-Z0-9]+$/.test(op.operationId ?? ''))
        wrong.push(`${route}: operationId ${op.operationId}`)
      if (!/^[A-Z][^\n]{5,78}[^.\n]$/.test(op.summary ?? '')) wrong.push(`${route}: summary ${op.summary}`)
      routesById.set(op.operationId ?? '', [...(routesById.get(op.operationId ?? '') ?? []), route])
    }
    expect(wrong).toEqual([])
    expect([...routesById].filter(([, routes]) => routes.length > 1)).toEqual([])
    expect(operation('POST', '/api/orders').operationId).toBe('createOrder')
    expect(operation('GET', '/api/me/orders').operationId).toBe('listMyOrders')
    expect(operation('POST', '/api/auth/change-password').operationId).toBe('changePassword')
  })

  it('leaves public routes open, with their parameters, body and errors in the one error shape', () => {
    const books = operation('GET', '/api/books')
    expect(books.security).toBeUndefined()
    expect(books.responses['401']).toBeUndefined()
    expect(books.responses['200'].content?.['application/json']).toBeDefined()

    const post = operation('GET', '/api/posts/by/{writerId}/{slug}') as Operation & {
      parameters: Array<{ in: string; name: string; required: boolean }>
    }
    expect(post.security).toBeUndefined()
    expect(post.parameters.map((p) => `${p.in}:${p.name}:${p.required}`).sort()).toEqual([
      'path:slug:true',
      'path:writerId:true',
    ])
    expect(post.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' })

    const contact = operation('POST', '/api/contact')
    expect(contact.requestBody?.content['application/json']).toBeDefined()
    expect(contact.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' })
    expect(contact.responses['429']).toEqual({ $ref: '#/components/responses/RateLimited' })

    const components = doc.components as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>
      schemas: Record<string, { properties: { error: { required: string[] } } }>
    }
    expect(components.responses.BadRequest.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    })
    expect(components.schemas.Error.properties.error.required).toEqual(['code', 'message'])
  })

  it('gives bodies that are bytes or streams their own content types', () => {
    expect(
      Object.keys(operation('GET', '/api/me/earnings/export.csv').responses['200'].content ?? {}),
    ).toEqual(['text/csv'])
    expect(Object.keys(operation('GET', '/api/books/{id}/epub').responses['200'].content ?? {})).toEqual([
      'application/epub+zip',
    ])
    expect(Object.keys(operation('GET', '/api/notifications/stream').responses['200'].content ?? {})).toEqual(
      ['text/event-stream'],
    )
    expect(
      operation('POST', '/api/payments/webhook/{provider}').requestBody?.content['application/json'],
    ).toBeDefined()
    expect(operation('POST', '/api/uploads/images').requestBody?.content['multipart/form-data']).toBeDefined()
    // A route that answers nothing says 204, not a made-up 200.
    expect(Object.keys(operation('DELETE', '/api/posts/{id}').responses)).toContain('204')
    expect(operation('DELETE', '/api/posts/{id}').responses['200']).toBeUndefined()
    // Every raw-body entry names a route that exists.
    for (const route of Object.keys(RAW_BODIES)) {
      const [method, url] = route.split(' ')
      expect(operation(method, openApiPath(url)), route).toBeDefined()
    }
  })
})

describe('the errors each route answers', () => {
  const errorsOf = (method: string, path: string) =>
    Object.keys(operation(method, path).responses).filter((status) => /^[45]/.test(status))

  it("lists what a route's service answers (declared on the route) beside what is read from the route", () => {
    // posts.test.ts, 'POST /api/posts/:id/submit' › 'sends a draft to review; only its author may, and only once'.
    expect(errorsOf('POST', '/api/posts/{id}/submit')).toEqual(['400', '401', '403', '404', '409'])
    // feed.test.ts › 'refuses to feature a post that is not published (409)'.
    expect(errorsOf('PUT', '/api/admin/posts/{id}/featured')).toContain('409')
    // reactions.test.ts › 'are edited by their author only (not by admins) and deleted by their author or an admin'.
    expect(errorsOf('PATCH', '/api/comments/{id}')).toContain('403')
    expect(errorsOf('DELETE', '/api/comments/{id}')).toContain('403')
    // reading.test.ts › 'adds a free book to the library at once (idempotent), refuses a paid one and your own'.
    expect(errorsOf('POST', '/api/books/{id}/library')).toEqual(['400', '401', '402', '404', '409'])
    // uploads.test.ts: 'refuses a request without a file (400)', 'refuses a file over 5 MB (413) …',
    // 'refuses %s by its bytes (415) …': a multipart body, which no schema checks.
    expect(errorsOf('POST', '/api/uploads/images')).toEqual(['400', '401', '413', '415'])
    // reports.test.ts › 'answers 403 for your own post or comment' and 'answers 404 for what does not
    // exist or the reporter may not read': the target is in the body, not the path.
    expect(errorsOf('POST', '/api/reports')).toEqual(['400', '401', '403', '404', '429'])

    const components = doc.components as { responses: Record<string, { description: string }> }
    expect(operation('POST', '/api/books/{id}/library').responses['402']).toEqual({
      $ref: '#/components/responses/PaymentRequired',
    })
    for (const name of ['PaymentRequired', 'Conflict', 'PayloadTooLarge', 'UnsupportedMediaType']) {
      expect(components.responses[name]?.description, name).toBeTruthy()
    }
  })

  it('lists no error a route cannot answer', () => {
    // Unfeaturing never conflicts (only featuring an unpublished post does); reading a post to edit
    // and listing comments change nothing.
    expect(errorsOf('DELETE', '/api/admin/posts/{id}/featured')).not.toContain('409')
    expect(errorsOf('GET', '/api/posts/{id}')).toEqual(['400', '401', '404'])
    expect(errorsOf('GET', '/api/books')).toEqual(['400'])
    expect(errorsOf('GET', '/api/health')).toEqual([])
  })

  it('refuses a declaration that repeats what is read from the route', async () => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    await registerOpenApi(app, { appUrl: 'http://localhost' })
    app.post(
      '/api/things/:id',
      { schema: { params: z.object({ id: z.string() }) }, config: { errors: [404, 409] } },
      async () => ({}),
    )
    await app.ready()
    expect(() => app.swagger()).toThrow('POST /api/things/{id} declares 404, which openapi.ts already infers')
    await app.close()
  })
})

describe('what the document says about sessions is what the routes do', () => {
  it('signed out: every route marked as needing a session answers 401, and no other does', async () => {
    const wrong: string[] = []
    for (const { method, path, operation: op } of operations()) {
      // An open stream would never end the request.
      if (!isGuarded(op) && isStream(op)) continue
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined
      const res = await t.request({ method: method as 'GET', url: concrete(path), body })
      if ((res.statusCode === 401) !== isGuarded(op)) wrong.push(`${method} ${path}: ${res.statusCode}`)
      // Every failure in the one shape, with the status of its code: Better Auth's included.
      if (res.statusCode >= 400 && !isErrorBodyOf(res.statusCode, res.body)) {
        wrong.push(`${method} ${path}: ${res.statusCode} ${res.body}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it("a signed-in reader gets 403 from every route marked as needing an administrator's session", async () => {
    const reader = await createUser(t)
    const wrong: string[] = []
    for (const { method, path, operation: op } of operations()) {
      if (!isAdminOnly(op)) continue
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined
      const res = await t.request({
        method: method as 'GET',
        url: concrete(path),
        body,
        cookie: reader.cookie,
      })
      if (res.statusCode !== 403) wrong.push(`${method} ${path}: ${res.statusCode}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('the API reference at /api/docs', () => {
  it('is an HTML page that loads only our own assets, under our CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("connect-src 'self'")

    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(assets.length).toBeGreaterThanOrEqual(4)
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/api\/docs\/static\//)
      const file = await t.request({ method: 'GET', url: asset })
      expect(file.statusCode, asset).toBe(200)
      if (asset.endsWith('.css')) expect(file.body, asset).not.toMatch(/@import|url\(\s*['"]?(https?:)?\/\//)
    }

    // The page reads the document from us, and sends it to no validator.
    const init = await t.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })
    expect(init.body).toContain("resolveUrl('./json')")
    expect(init.body).toContain('validatorUrl: null')
    expect(init.body).not.toMatch(/['"`]https?:\/\//)
    const json = await t.request({ method: 'GET', url: '/api/docs/json' })
    expect(json.json()).toEqual(doc)
  })
})
