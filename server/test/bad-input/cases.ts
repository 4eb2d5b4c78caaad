import type { Endpoint, JsonSchema } from './routes.ts'
import { fieldsOf, REMOVE, type Resolve, sampleValid, typeOf, withValue } from './samples.ts'
import {
  BAD_CURSORS,
  BAD_PATH_SEGMENTS,
  BAD_QUERY_VALUES,
  type Bad,
  badValuesFor,
  RAW_BODIES,
  wrongTypes,
} from './values.ts'

// The cases for one endpoint: its valid request, then one change at a time (a bad path parameter,
// query value, body field, extra field or a whole bad body), built from the endpoint's schemas.

export interface BadRequest {
  method: string
  url: string
  payload?: string
  contentType?: string
}

/** A valid request for an endpoint, from one actor's point of view (their own rows' ids). */
export interface Base {
  params: Record<string, string>
  query: Record<string, unknown>
  body: unknown
  /** Whether each generated part passes the route's own schema. */
  valid: boolean
  /** The same request with every optional field filled in too. */
  full: { query: Record<string, unknown>; body: unknown }
}

export interface Case {
  /** Groups cases for sampling: every group (field) gets at least one case. */
  group: string
  label: string
  build(base: Base, resolve: Resolve): BadRequest
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function baseOf(endpoint: Endpoint, resolve: Resolve): Base {
  const params = endpoint.params ? sampleValid(endpoint.params, endpoint.zod.params, resolve) : undefined
  const query = endpoint.query ? sampleValid(endpoint.query, endpoint.zod.query, resolve) : undefined
  const body = endpoint.body ? sampleValid(endpoint.body, endpoint.zod.body, resolve) : undefined
  return {
    params: (params?.full ?? {}) as Record<string, string>,
    query: (query?.minimal ?? {}) as Record<string, unknown>,
    body: body?.minimal,
    valid: [params, query, body].every((part) => !part || part.valid),
    full: { query: (query?.full ?? {}) as Record<string, unknown>, body: body?.full },
  }
}

/** The valid request, then the same with every optional field: the routes' own happy paths. */
export function validCases(endpoint: Endpoint): Case[] {
  return [
    { group: 'valid', label: 'the valid request', build: (base) => requestOf(endpoint, base) },
    {
      group: 'valid',
      label: 'the valid request with every optional field',
      build: (base) => requestOf(endpoint, { ...base, ...base.full }),
    },
  ]
}

/** The request for a base with some parts replaced; path and query values given here are raw. */
export function requestOf(
  endpoint: Endpoint,
  base: Base,
  change: { params?: Record<string, string>; query?: string; payload?: string; contentType?: string } = {},
): BadRequest {
  const path = endpoint.url.replace(/:(\w+)/g, (_, name: string) =>
    change.params && name in change.params
      ? change.params[name]
      : encodeURIComponent(base.params[name] ?? 'x'),
  )
  const query = change.query ?? queryString(base.query)
  const body = base.body === undefined ? undefined : JSON.stringify(base.body)
  const payload = 'payload' in change ? change.payload : body
  return {
    method: endpoint.method,
    url: query ? `${path}?${query}` : path,
    payload,
    contentType: change.contentType ?? (payload === undefined ? undefined : 'application/json'),
  }
}

function queryString(query: Record<string, unknown>, raw: Record<string, string> = {}): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (key in raw) continue
    for (const v of [value].flat()) {
      if (v !== undefined) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`)
    }
  }
  for (const [key, value] of Object.entries(raw)) parts.push(`${key}=${value}`)
  return parts.join('&')
}

export function casesFor(endpoint: Endpoint): Case[] {
  const cases: Case[] = []
  for (const name of Object.keys(endpoint.params?.properties ?? {})) {
    for (const bad of BAD_PATH_SEGMENTS) {
      cases.push({
        group: `params.${name}`,
        label: `path :${name} = ${bad.label}`,
        build: (base) => requestOf(endpoint, base, { params: { [name]: String(bad.value) } }),
      })
    }
  }
  const query = endpoint.query
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    const cursors = /cursor/i.test(name) ? BAD_CURSORS : []
    const values: Bad[] = [...BAD_QUERY_VALUES, ...cursors]
    if (typeOf(schema) === 'string' && schema.maxLength) {
      values.push({
        label: `over the limit (${schema.maxLength + 1})`,
        value: 'z'.repeat(schema.maxLength + 1),
      })
    }
    for (const bad of values) {
      cases.push({
        // A page cursor gets one made by hand, besides one of the other bad values.
        group: cursors.includes(bad) ? `query.${name}:cursor` : `query.${name}`,
        label: `query ${name} = ${bad.label}`,
        build: (base) =>
          requestOf(endpoint, base, { query: queryString(base.query, { [name]: String(bad.value) }) }),
      })
    }
    cases.push({
      group: `query.${name}`,
      label: `query ${name} twice`,
      build: (base) =>
        requestOf(endpoint, base, {
          query: queryString({ ...base.query, [name]: [sampleText(base.query[name]), 'second'] }),
        }),
    })
    if (query?.required?.includes(name)) {
      cases.push({
        group: `query.${name}`,
        label: `query ${name} missing`,
        build: (base) => requestOf(endpoint, base, { query: queryString(omit(base.query, name)) }),
      })
    }
  }
  if (endpoint.method === 'GET') {
    cases.push({
      group: 'query.extra',
      label: 'unknown query key with NUL',
      build: (base) => requestOf(endpoint, base, { query: queryString(base.query, { 'fuzz%00': 'a%00b' }) }),
    })
  }
  if (endpoint.body) cases.push(...bodyCases(endpoint, endpoint.body))
  if (HAS_BODY.has(endpoint.method)) {
    for (const raw of RAW_BODIES) {
      cases.push({
        group: 'body.raw',
        label: `body: ${raw.label}`,
        build: (base) => requestOf(endpoint, base, { payload: raw.body, contentType: raw.contentType }),
      })
    }
  }
  return cases
}

function bodyCases(endpoint: Endpoint, schema: JsonSchema): Case[] {
  const cases: Case[] = []
  const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' })
  for (const field of fieldsOf(schema)) {
    const where = field.path.join('.')
    const wrongType = new Set(wrongTypes(field.schema).map((b) => b.label))
    const values: Bad[] = [...badValuesFor(field.schema)]
    if (field.required) values.push({ label: 'missing', value: REMOVE })
    for (const bad of values) {
      // Each field gets a value of the wrong type (or none) and a wrong value of its own type.
      const kind = wrongType.has(bad.label) || bad.value === REMOVE ? 'type' : 'value'
      cases.push({
        group: `body.${where}:${kind}`,
        label: `body ${where} = ${bad.label}`,
        build: (base, resolve) =>
          requestOf(endpoint, base, json(withValue(base.body, field.path, bad.value, schema, resolve))),
      })
    }
  }
  if (typeOf(schema) === 'object') {
    const extras: Bad[] = [
      { label: 'unknown field', value: { fuzzExtra: 'a\u0000b' } },
      { label: 'server-owned fields', value: { id: '1', authorId: 'x', role: 'admin', status: 'published' } },
    ]
    for (const extra of extras) {
      cases.push({
        group: 'body.extra',
        label: `body with ${extra.label}`,
        build: (base) =>
          requestOf(endpoint, base, json({ ...(base.body as object), ...(extra.value as object) })),
      })
    }
    cases.push({
      group: 'body.extra',
      label: 'body with a __proto__ key',
      build: (base) =>
        requestOf(endpoint, base, {
          payload: JSON.stringify(base.body).replace(/^\{/, '{"__proto__":{"role":"admin"},'),
          contentType: 'application/json',
        }),
    })
  }
  return cases
}

const omit = (record: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))

const sampleText = (value: unknown) => (value === undefined ? 'first' : String(value))

/** Every group at least once, then more cases at random up to `limit`, in a stable order. */
export function sampleCases(cases: Case[], limit: number, random: () => number): Case[] {
  const shuffled = cases
    .map((c) => ({ c, r: random() }))
    .sort((a, b) => a.r - b.r)
    .map(({ c }) => c)
  const chosen = new Set<Case>()
  const groups = new Set<string>()
  for (const c of shuffled) {
    if (groups.has(c.group)) continue
    groups.add(c.group)
    chosen.add(c)
  }
  for (const c of shuffled) {
    if (chosen.size >= limit) break
    chosen.add(c)
  }
  return cases.filter((c) => chosen.has(c))
}

/** A small seeded generator (mulberry32): the same cases on every run and on both databases. */
export function seededRandom(seedText: string): () => number {
  let seed = 0
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
