import http from 'node:http'
import { ORIGIN } from './apps.ts'

// The suites' own HTTP client: kept-alive requests with the same-origin header the app asks for,
// sign-up, bounded parallelism, percentiles, and a bare Server-Sent Events client.

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })

export interface Answer {
  status: number
  body: string
  cookies: string[]
}

/** `origin` is the Origin header the app's same-origin guard checks (its APP_URL). */
export function request(
  url: string,
  method: string,
  cookie?: string,
  body?: unknown,
  origin = ORIGIN,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          origin,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cookies: [res.headers['set-cookie'] ?? []].flat(),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** A request that must succeed, with its JSON. */
export async function call(origin: string, method: string, path: string, cookie?: string, body?: unknown) {
  const res = await request(`${origin}${path}`, method, cookie, body)
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`)
  return { ...res, json: JSON.parse(res.body || 'null') as unknown }
}

export const BENCH_PASSWORD = 'bench-password-123'

/** Signs up a new account; returns its session cookie. */
export async function signUp(origin: string, email: string): Promise<string> {
  const res = await call(origin, 'POST', '/api/auth/sign-up/email', undefined, {
    name: email.split('@')[0],
    email,
    password: BENCH_PASSWORD,
  })
  return sessionCookie(res.cookies)
}

export const sessionCookie = (cookies: string[]) => cookies.map((c) => c.split(';')[0]).join('; ')

/** `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i])
      }
    }),
  )
  return out
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export interface EventStreamClient {
  /** Resolves with the receipt time (performance.now()) of the next frame `accept` takes. */
  next(accept: (event: string, data: string) => boolean): Promise<number>
  close(): void
}

/** One SSE connection on its own socket (as each browser tab has), parsing `event:`/`data:` frames. */
export function openEventStream(url: string, cookie?: string): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    let waiting: { accept: (event: string, data: string) => boolean; done: (at: number) => void } | null =
      null
    const req = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`))
          return
        }
        let buffer = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          const at = performance.now()
          buffer += chunk
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            const frame = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            end = buffer.indexOf('\n\n')
            const event = frame.match(/^event: (.*)$/m)?.[1]
            if (!event || !waiting?.accept(event, frame.match(/^data: (.*)$/m)?.[1] ?? '')) continue
            waiting.done(at)
            waiting = null
          }
        })
        resolve({
          next: (accept) =>
            new Promise<number>((ok, fail) => {
              const timer = setTimeout(() => fail(new Error('not delivered within 30 s')), 30_000)
              waiting = {
                accept,
                done: (at) => {
                  clearTimeout(timer)
                  ok(at)
                },
              }
            }),
          close: () => req.destroy(),
        })
      },
    )
    req.on('error', reject)
  })
}
