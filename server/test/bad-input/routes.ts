import diagnostics from 'node:diagnostics_channel'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { z } from 'zod'
import type { Auth } from '#server/auth/auth.ts'

/** One endpoint to feed bad input to, with the JSON Schemas of what it accepts. */
export interface Endpoint {
  method: string
  /** Fastify's path, `:name` for parameters. */
  url: string
  params?: JsonSchema
  query?: JsonSchema
  body?: JsonSchema
  /** The zod schemas themselves, to check that a generated sample is valid. */
  zod: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType }
}

/** The subset of JSON Schema that z.toJSONSchema writes and the generators read. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
}

/** Where a request failed inside the server: the error behind a 5xx, by request id. */
export type ServerErrors = Map<string, Error>

/**
 * Watches every Fastify instance created while `build` runs, through Fastify's documented
 * `fastify.initialization` diagnostics channel, so the real app is built unchanged: its routes
 * as they are registered (onRoute) and the error behind each failed request (onError).
 */
export async function watchApp<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RouteOptions[]; errors: ServerErrors }> {
  const routes: RouteOptions[] = []
  const errors: ServerErrors = new Map()
  const channel = diagnostics.channel('fastify.initialization')
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => {
      routes.push(route)
    })
    fastify.addHook('onError', async (req, _reply, error) => {
      errors.set(req.id, error)
    })
  }
  channel.subscribe(onInit)
  try {
    return { built: await build(), routes, errors }
  } finally {
    channel.unsubscribe(onInit)
  }
}

/** Zod schema → JSON Schema of what a client sends; what JSON Schema cannot say becomes "any". */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return {}
  }
}

/** The app's API routes with their schemas. HEAD routes are Fastify's copies of GET routes. */
export function apiEndpoints(routes: RouteOptions[]): Endpoint[] {
  const endpoints: Endpoint[] = []
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || route.url.endsWith('*')) continue
    const schema = (route.schema ?? {}) as Record<string, unknown>
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      endpoints.push(endpoint(method, route.url, schema.params, schema.querystring, schema.body))
    }
  }
  return endpoints
}

/**
 * Better Auth's endpoints behind the app's `/api/auth/*` bridge, each with the zod schemas Better
 * Auth validates with. Server-only endpoints have no HTTP address.
 */
export function authEndpoints(auth: Auth, basePath: string): Endpoint[] {
  const endpoints: Endpoint[] = []
  for (const value of Object.values(auth.api as Record<string, unknown>)) {
    const api = value as {
      path?: string
      options?: {
        method?: string | string[]
        body?: unknown
        query?: unknown
        metadata?: { SERVER_ONLY?: boolean }
      }
    }
    if (typeof api?.path !== 'string' || !api.options || api.options.metadata?.SERVER_ONLY) continue
    const methods = [api.options.method ?? 'GET'].flat().filter((m) => m === 'GET' || m === 'POST')
    for (const method of methods.includes('POST') ? ['POST'] : methods) {
      const params = [...api.path.matchAll(/:(\w+)/g)].map((m) => m[1])
      const paramsSchema = params.length
        ? z.object(Object.fromEntries(params.map((p) => [p, z.string()])))
        : undefined
      endpoints.push(
        endpoint(method, `${basePath}${api.path}`, paramsSchema, api.options.query, api.options.body),
      )
    }
  }
  return endpoints
}

function endpoint(method: string, url: string, params: unknown, query: unknown, body: unknown): Endpoint {
  return {
    method,
    url,
    params: toJsonSchema(params),
    query: toJsonSchema(query),
    body: toJsonSchema(body),
    zod: { params: params as z.ZodType, query: query as z.ZodType, body: body as z.ZodType },
  }
}
