// The API boundary: a stubbed global fetch, and the answers it gives. web/test/setup.ts stubs an
// empty one before each test, so a request nobody expected fails instead of reaching a network.
import { vi } from 'vitest'

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status)
}

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>

/**
 * Replaces the global fetch. `routes` maps "METHOD /path" (or just "/path" for GET) to a handler
 * or a response; an unexpected call throws. Returns the mock to inspect calls.
 */
export function stubFetch(routes: Record<string, Handler | Response> = {}) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]
    const handler = routes[`${method} ${path}`] ?? (method === 'GET' ? routes[path] : undefined)
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url}`)
    return typeof handler === 'function' ? handler(url, init) : handler.clone()
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

/** Calls to the given path (any method) made through a stubbed fetch. */
export function callsTo(mock: ReturnType<typeof stubFetch>, path: string) {
  return mock.mock.calls.filter(([input]) => String(input).split('?')[0].endsWith(path))
}

/** The query string of a fetch call, as an object. */
export function queryOf(input: unknown): Record<string, string> {
  return Object.fromEntries(new URL(String(input), 'http://inkwell.test').searchParams)
}

/** The JSON body of a fetch call. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body))
}

/** A promise with its resolve handle, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
