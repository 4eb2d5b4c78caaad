import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subject, user } from '#server/db/schema/index.ts'
import { DEMO_PASSWORD, seedDemo } from '#server/db/seed.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import {
  type BadRequest,
  baseOf,
  casesFor,
  sampleCases,
  seededRandom,
  validCases,
} from '#server/test/bad-input/cases.ts'
import { loadIds } from '#server/test/bad-input/ids.ts'
import { causeOf, type Finding, finding, summaryLine, writeReport } from '#server/test/bad-input/report.ts'
import {
  apiEndpoints,
  authEndpoints,
  type Endpoint,
  type ServerErrors,
  watchApp,
} from '#server/test/bad-input/routes.ts'
import { watchWrites } from '#server/test/bad-input/write-watch.ts'
import { cookieOf, signIn } from '#server/test/factories.ts'

/*
 * The guard against bad input: every API route, on both databases, gets generated bad
 * input, as an ordinary signed-in user and as an admin, and
 *   - nothing answers 5xx, and
 *   - a refused request (4xx) writes nothing.
 *
 * The routes are the real app's: Fastify's `fastify.initialization` diagnostics channel lets the
 * test add an onRoute hook to the app buildTestApp() builds, so every route registered, now or
 * later, is collected with its zod schemas, and Better Auth's endpoints come with their own
 * schemas from `auth.api`. A new route is covered by being registered: no list to update.
 *
 * From each route's schemas (as JSON Schema) the test makes a valid request, with real ids from
 * the demo data where a parameter or field names a table, then changes one thing at a time: path
 * parameters that are not ids (NUL, controls, very long, unicode, bad percent-encoding); query
 * values (the same, huge and odd numbers, repeated keys) and hand-made page cursors; each body
 * field with the wrong type, missing, over its limit, invisible, with NUL and other control
 * characters, huge numbers, long arrays; extra and prototype fields; and bodies that are not
 * JSON (truncated, multipart without a boundary, deep nesting…). A seeded generator samples about
 * CASES_PER_ROUTE cases per route, always at least one of each kind for every field, the same on
 * every run and both databases. Deletes run last; Better Auth's endpoints after the app's.
 *
 * Writes are detected without a list of tables: see write-watch.ts. Rate limits are off, as in
 * every test app, so no counter table changes on a refused request.
 *
 * BAD_INPUT_REPORT=/path/file.md appends the findings, grouped by cause.
 */

const CASES_PER_ROUTE = 20
// Better Auth's endpoints hash or check a password on most valid-shaped requests (scrypt, slow).
const CASES_PER_AUTH_ENDPOINT = 10
// Tables a refused request may legitimately change: none while rate limits are off.
const MAY_CHANGE_WHEN_REFUSED: string[] = []

interface Actor {
  name: 'user' | 'admin'
  id: string
  cookie: string
}

let t: TestApp
let errors: ServerErrors
let endpoints: Endpoint[]
let auth: Endpoint[]
const actors = {} as Record<Actor['name'], Actor>

beforeAll(async () => {
  const watched = await watchApp(() => buildTestApp())
  t = watched.built
  errors = watched.errors
  endpoints = apiEndpoints(watched.routes)
  auth = authEndpoints(t.app.ctx.auth, '/api/auth')
  await seedDemo(t.app.ctx)
  for (const [name, email] of [
    ['user', 'priya@inkwell.test'],
    ['admin', 'admin@inkwell.test'],
  ] as const) {
    const res = await signIn(t, email, DEMO_PASSWORD)
    actors[name] = { name, id: res.json().user.id, cookie: cookieOf(res.headers['set-cookie']) }
  }
}, 120_000)
afterAll(() => t?.close())

describe('bad input on every route', () => {
  it('finds every route the app registers, and Better Auth’s endpoints', () => {
    // If Fastify stopped announcing new instances, the guard would test nothing and pass.
    expect(endpoints.length).toBeGreaterThan(50)
    for (const e of endpoints) expect(t.app.hasRoute({ method: e.method as 'GET', url: e.url })).toBe(true)
    expect(endpoints.filter((e) => e.body).length).toBeGreaterThan(20)
    expect(auth.map((e) => `${e.method} ${e.url}`)).toContain('POST /api/auth/sign-in/email')
  })

  it('sees a refused request that wrote, and not one that only read', async () => {
    const watch = await watchWrites(t.database.db, [])
    // A fake request: writes a subject when given a name, then answers with `status`.
    const request = (status: number, name?: string) => async () => {
      if (name) await t.database.db.insert(subject).values({ slug: name, name, kind: 'general' })
      return { statusCode: status }
    }
    expect((await watch.check(request(400))).changed).toEqual([])
    expect((await watch.check(request(400, 'bad-input-a'))).changed).toEqual(['subject'])
    // After an accepted write the fingerprint from just before is gone: measured on a second try.
    await watch.check(request(200, 'bad-input-b'))
    let n = 0
    expect((await watch.check(async () => request(400, `bad-input-c${++n}`)())).changed).toEqual(['subject'])
    await t.database.db.delete(subject).where(like(subject.slug, 'bad-input-%'))
  })

  it('never answers 5xx, and a refused request writes nothing', async () => {
    const started = Date.now()
    const cpu = process.cpuUsage()
    const ids = await loadIds(t.database.db, [actors.user.id, actors.admin.id])
    const watch = await watchWrites(t.database.db, MAY_CHANGE_WHEN_REFUSED, () => t.app.ctx.idle())
    const findings: Finding[] = []
    let sent = 0
    let accepted = 0

    const run = async (endpoint: Endpoint, limit: number) => {
      const random = seededRandom(`${endpoint.method} ${endpoint.url}`)
      const adminRoute = /^\/api\/(auth\/)?admin\//.test(endpoint.url)
      const owner = adminRoute ? actors.admin : actors.user
      const bases = {
        user: baseOf(endpoint, ids.forActor(actors.user.id, endpoint.url)),
        admin: baseOf(endpoint, ids.forActor(actors.admin.id, endpoint.url)),
      }
      const valid = validCases(endpoint)
      let reached = false
      for (const c of [...valid, ...sampleCases(casesFor(endpoint), limit, random)]) {
        // The valid requests as the route's own audience; the bad ones as either actor.
        const actor = valid.includes(c)
          ? owner
          : random() < (adminRoute ? 0.8 : 0.5)
            ? actors.admin
            : actors.user
        const request = c.build(bases[actor.name], ids.forActor(actor.id, endpoint.url))
        const requestId = `bad-input-${++sent}`
        const { res, changed } = await watch.check(() => send(request, actor, requestId))
        if (valid.includes(c) && res.statusCode < 300) reached = true
        const described = { ...request, label: c.label, actor: actor.name }
        if (res.statusCode >= 500)
          findings.push(finding('5xx', causeOf(errors.get(requestId)), described, res))
        if (changed.length) {
          findings.push(finding('wrote while refused', `changed ${changed.join(', ')}`, described, res))
        }
      }
      if (reached) accepted += 1
    }
    // Deletes last, so the rows the other routes use are still there; Better Auth's endpoints
    // after the app's, signing the actors back in when one ended their session (sign-out…).
    for (const endpoint of endpoints.filter((e) => e.method !== 'DELETE'))
      await run(endpoint, CASES_PER_ROUTE)
    for (const endpoint of endpoints.filter((e) => e.method === 'DELETE'))
      await run(endpoint, CASES_PER_ROUTE)
    for (const endpoint of auth) {
      await run(endpoint, CASES_PER_AUTH_ENDPOINT)
      if (await keepSignedIn()) watch.forget()
    }

    const used = process.cpuUsage(cpu)
    const summary =
      `${t.database.driver}: ${endpoints.length} app routes and ${auth.length} auth endpoints ` +
      `(${accepted} accepted their generated valid request), ${sent} requests ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s (${((used.user + used.system) / 1e6).toFixed(1)} s of CPU)`
    if (process.env.BAD_INPUT_REPORT) writeReport(process.env.BAD_INPUT_REPORT, summary, findings)
    console.info(`bad input on ${summary}: ${findings.length} finding(s)`)
    expect(findings.map(summaryLine)).toEqual([])
  }, 300_000)
})

async function send(request: BadRequest, actor: Actor, requestId: string) {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    cookie: actor.cookie,
    'x-request-id': requestId,
  }
  if (request.contentType) headers['content-type'] = request.contentType
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload: request.payload,
    payloadAsStream: true,
  })
  // An event stream stays open: its status and headers are the answer.
  const stream = res.stream()
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy()
    return { statusCode: res.statusCode, body: '' }
  }
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString() }
}

/** Signs an actor back in when an auth endpoint ended their session (sign-out, revoke, e-mail change). */
async function keepSignedIn(): Promise<boolean> {
  let signedIn = false
  for (const actor of Object.values(actors)) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: actor.cookie },
    })
    if (res.statusCode === 200 && res.json()?.user) continue
    const [row] = await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, actor.id))
    const again = await signIn(t, row.email, DEMO_PASSWORD)
    actor.cookie = cookieOf(again.headers['set-cookie'])
    signedIn = true
  }
  return signedIn
}
