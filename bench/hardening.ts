import { POST_BODY_MAX_LENGTH, RICH_TEXT_NESTING_MAX, RICH_TEXT_WRITE_RATE_LIMIT } from '#common/constants.ts'
import { nestsDeeperThan, sanitizeOnePass, sanitizeRichText } from '#server/core/rich-text/sanitize.ts'
import { describeStatuses, ORIGIN, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, request, signUp } from './http.ts'
import { type LoadJob, type LoadResult, runLoad } from './load.ts'
import { heading, int, ms, ratio, table } from './report.ts'

// Crafted rich text against the server (decision 011). (1) What the sanitizer's
// work costs for 200,000-character bodies of several shapes: the crafted one that stalled the
// server, writing as the editor makes it, and the costliest shapes that pass the nesting check.
// (2) GET /api/health, one connection, idle and while four writers send those bodies (paced at the
// write limit, and back to back with the limits off); the goal is a p50 within 2× of idle. (3) The
// same attack on a bare route that sanitizes on the event loop with no nesting check, as the
// code did before: the stall this prevents, measured in the same run.

const ATTACKERS = 4
/** What one writer may send to one route under the write limit: one save a second. */
const LIMIT_RATE = RICH_TEXT_WRITE_RATE_LIMIT.max / RICH_TEXT_WRITE_RATE_LIMIT.windowSeconds
const WITHIN = 2

/** Repeats `unit` to exactly `length` characters (after `head`). */
const fill = (unit: string, length: number, head = '') =>
  (head + unit.repeat(Math.ceil(length / unit.length))).slice(0, length)

/** Writing as the editor produces it (sanitized form, so stored as sent), just under the limit. */
function editorBody(): string {
  const block = (n: number) =>
    `<h2>Part ${n}: waves and tides</h2>` +
    `<p>The <strong>moon</strong> pulls the sea; the <em>sun</em> does too, less so. See <a href="https://example.com/tides/${n}" rel="noopener noreferrer nofollow">the tables</a> &amp; the notes.</p>` +
    '<ul><li><p>Spring tides</p><ul><li><p>New moon</p></li><li><p>Full moon</p></li></ul></li><li><p>Neap tides</p></li></ul>' +
    '<blockquote><p>Time and tide wait for no one.</p></blockquote>' +
    '<pre><code>height = a * cos(ωt + φ) &lt; limit</code></pre>'
  let html = ''
  for (let n = 1; ; n++) {
    const next = block(n)
    if (html.length + next.length > POST_BODY_MAX_LENGTH) return html
    html += next
  }
}

interface Shape {
  label: string
  html: string
}

function shapes(): { crafted: Shape; editor: Shape; worst: Shape; all: Shape[] } {
  const crafted = { label: "crafted: '<ol><li><p>' × 18,000", html: '<ol><li><p>'.repeat(18_000) }
  const editor = { label: 'as the editor writes it (lists, quotes, marks)', html: editorBody() }
  const worst = { label: 'unclosed list items (costliest found)', html: fill('<li>x', 200_000, '<ul>') }
  const all = [
    crafted,
    editor,
    {
      label: 'lists nested 31 deep, repeated',
      html: fill(`${'<ul><li>'.repeat(31)}x${'</li></ul>'.repeat(31)}`, 200_000),
    },
    worst,
    { label: 'unclosed paragraphs', html: fill('<p>x', 200_000) },
    {
      label: 'a paragraph around a dropped <div> and a <pre>',
      html: fill('<p>a<div>b<pre>c</pre></div></p>', 200_000),
    },
    { label: "text full of '<' (sanitized: '&lt;')", html: fill('1 < 2 ', 200_000) },
  ]
  return { crafted, editor, worst, all }
}

const median = (f: () => void, runs: number) => {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    f()
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]
}

/** The sanitizer's work per shape, on this thread, nothing else running. */
function costTable(all: Shape[], progress: (line: string) => void): string {
  progress('hardening: timing the nesting check and the sanitizer per body shape')
  const rows = all.map(({ label, html }) => {
    const check = median(() => nestsDeeperThan(html, RICH_TEXT_NESTING_MAX), 5)
    const onePass = median(() => sanitizeOnePass(html), 3)
    const worker = median(() => sanitizeRichText(html, { maxLength: POST_BODY_MAX_LENGTH }), 3)
    const outcome = sanitizeRichText(html, { maxLength: POST_BODY_MAX_LENGTH })
    const verdict =
      'tooDeep' in outcome
        ? 'refused: too deep'
        : 'tooLong' in outcome
          ? `refused: ${int(outcome.tooLong)} once sanitized`
          : `stored: ${int(outcome.html.length)}`
    return [label, int(html.length), ms(check), ms(onePass), ms(worker), ratio(check / onePass), verdict]
  })
  return table(
    ['body (sent)', 'chars', 'check ms', 'one pass ms', 'worker ms', 'check/pass', 'outcome'],
    rows,
  )
}

interface Row {
  label: string
  probe: LoadResult
  attack?: LoadResult
  baseline: LoadResult
  /** Counted toward the 2× goal (the "before" rows show the stall, they are not the goal). */
  goal: boolean
}

const answered = (r: LoadResult) => Object.values(r.statuses).reduce((sum, n) => sum + n, 0)
const statusList = (r: LoadResult) =>
  Object.entries(r.statuses)
    .map(([code, n]) => `${int(n)} × ${code}`)
    .join(', ')

export async function hardeningBench(ctx: BenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const failures: string[] = []
  const { crafted, editor, worst, all } = shapes()
  const costs = costTable(all, progress)

  // The code before: sanitizing on the event loop, no nesting check.
  const bareUrl = await startBareApp(ctx.defer, (bare) => {
    bare.post('/sanitize', async (req) => ({
      length: sanitizeOnePass((req.body as { bodyHtml: string }).bodyHtml).length,
    }))
  })
  const { url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)
  const cookie = await signUp(appUrl, 'bench-hardening@example.com')
  const draftOf = (bodyHtml: string) => ({ title: 'Attack', category: 'fiction', bodyHtml })
  const draft = (bodyHtml: string) => JSON.stringify(draftOf(bodyHtml))
  // Checked by hand before measuring: the editor's body is stored as sent, the crafted one refused.
  const created = (await call(appUrl, 'POST', '/api/posts', cookie, draftOf(editor.html))).json as {
    id: string
    bodyHtml: string
  }
  if (created.bodyHtml !== editor.html) failures.push('the editor-like body was not stored as sent')
  const refused = await request(`${appUrl}/api/posts`, 'POST', cookie, draftOf(crafted.html))
  if (refused.status !== 400) failures.push(`the crafted body answered ${refused.status}, not 400`)
  // The same app as production runs it, rate limits on (its own secret, so its own writer).
  const { url: limitedUrl } = await startInkwell(database, ctx.dataDir, ctx.defer, { rateLimit: true })
  const limitedCookie = await signUp(limitedUrl, 'bench-hardening-limited@example.com')

  const headers = { cookie, origin: ORIGIN, 'content-type': 'application/json' }
  const base = { duration: settings.duration, warmup: settings.warmup }
  const probe = (url: string): LoadJob => ({ url, connections: 1, ...base })
  const attack = (
    url: string,
    method: 'POST' | 'PATCH',
    body: string,
    paced: boolean,
    sender = headers,
  ): LoadJob => ({
    url,
    method,
    body,
    headers: sender,
    connections: ATTACKERS,
    connectionRate: paced ? LIMIT_RATE : undefined,
    ...base,
  })
  /** The probe alone, or with an attack running alongside in its own worker thread. */
  const measure = async (label: string, probeJob: LoadJob, attackJob?: LoadJob) => {
    progress(`measuring ${label}`)
    const [probed, attacked] = await Promise.all([
      runLoad(probeJob),
      attackJob ? runLoad(attackJob) : Promise.resolve(undefined),
    ])
    return { probe: probed, attack: attacked }
  }

  const health = `${appUrl}/api/health`
  const posts = `${appUrl}/api/posts`
  const patch = `${appUrl}/api/posts/${created.id}`
  const idle = (await measure('GET /api/health, idle', probe(health))).probe
  const rows: Row[] = []
  const under = async (label: string, job: LoadJob) => {
    const { probe: p, attack: a } = await measure(label, probe(health), job)
    rows.push({ label, probe: p, attack: a, baseline: idle, goal: true })
  }
  const paced = `${ATTACKERS} writers, ${LIMIT_RATE}/s each (the write limit)`
  const flood = `${ATTACKERS} writers back to back (limits off)`
  await under(`crafted, ${paced}`, attack(posts, 'POST', draft(crafted.html), true))
  await under(`crafted, ${flood}`, attack(posts, 'POST', draft(crafted.html), false))
  // The control: the same number of clients asking for something harmless, back to back.
  await under(`control: GET /api/me, ${ATTACKERS} connections back to back`, {
    url: `${appUrl}/api/me`,
    headers: { cookie },
    connections: ATTACKERS,
    ...base,
  })
  await under(
    `crafted, ${ATTACKERS} writers back to back, limits on (429 after ${RICH_TEXT_WRITE_RATE_LIMIT.max})`,
    attack(`${limitedUrl}/api/posts`, 'POST', draft(crafted.html), false, {
      ...headers,
      cookie: limitedCookie,
    }),
  )
  await under(`editor body at the limit, ${paced}`, attack(patch, 'PATCH', draft(editor.html), true))
  await under(`editor body at the limit, ${flood}`, attack(patch, 'PATCH', draft(editor.html), false))
  await under(`costliest shape past the check, ${paced}`, attack(posts, 'POST', draft(worst.html), true))
  await under(`costliest shape past the check, ${flood}`, attack(posts, 'POST', draft(worst.html), false))
  const again = (await measure('GET /api/health, idle again (drift)', probe(health))).probe

  // Before: the bare route sanitizing inline. Closed loop (each writer waits for its answer), so
  // at most four bodies are still queued when it ends; one request then waits for them to drain.
  const bareIdle = (await measure('bare GET /bare, idle', probe(`${bareUrl}/bare`))).probe
  const before = await measure(
    `bare GET /bare while ${ATTACKERS} writers send the crafted body to an inline sanitizer`,
    probe(`${bareUrl}/bare`),
    attack(`${bareUrl}/sanitize`, 'POST', draft(crafted.html), false),
  )
  await request(`${bareUrl}/bare`, 'GET')
  const beforeRow: Row = {
    label: `before: crafted, ${flood}, sanitized inline (bare route)`,
    probe: before.probe,
    attack: before.attack,
    baseline: bareIdle,
    goal: false,
  }

  for (const row of rows) {
    if (row.probe.failed > 0) failures.push(`${row.label}: health ${describeStatuses(row.probe)}`)
    const errors = Object.entries(row.attack?.statuses ?? {})
      .filter(([code]) => !/^[24]/.test(code))
      .reduce((sum, [, n]) => sum + n, 0)
    if (errors) failures.push(`${row.label}: ${errors} attack requests got a 5xx or no answer`)
  }
  const seconds = settings.duration
  const line = (row: Row) => {
    // No answer within the window: the probe waited longer than the whole measurement.
    const stalled = row.probe.ok === 0
    return [
      row.label,
      row.attack ? (answered(row.attack) / seconds).toFixed(1) : '—',
      row.attack ? statusList(row.attack) || 'none' : '—',
      stalled ? `> ${seconds * 1000}` : ms(row.probe.p50),
      stalled ? '—' : ms(row.probe.p99),
      stalled ? 'stalled' : ratio(row.probe.p50 / row.baseline.p50),
      row.goal ? (row.probe.p50 <= WITHIN * row.baseline.p50 ? 'within 2×' : 'OVER 2×') : '',
    ]
  }
  const text = [
    '',
    heading('Hardening: crafted rich text against the event loop'),
    'Sanitizer work per body on one thread, median ms. "one pass": the allowlist once, all a write did',
    'before. "worker": what a worker thread does now: the nesting check (limit ' +
      `${RICH_TEXT_NESTING_MAX}), then passes until nothing`,
    `changes, stopping once past ${int(POST_BODY_MAX_LENGTH)} characters.`,
    '',
    costs,
    '',
    `GET /api/health from one connection while ${ATTACKERS} writers send 200,000-character bodies:`,
    '',
    table(
      ['measurement', 'attack/s', 'attack answers', 'p50 ms', 'p99 ms', 'p50 vs idle', ''],
      [
        ['GET /api/health, idle', '—', '—', ms(idle.p50), ms(idle.p99), '1.00×', ''],
        ...rows.map(line),
        [
          'GET /api/health, idle again (drift)',
          '—',
          '—',
          ms(again.p50),
          ms(again.p99),
          ratio(again.p50 / idle.p50),
          '',
        ],
        ['bare GET /bare, idle', '—', '—', ms(bareIdle.p50), ms(bareIdle.p99), '1.00×', ''],
        line(beforeRow),
      ],
    ),
    '',
    `attack/s: answers per second to the writers (2xx and 4xx alike); "${LIMIT_RATE}/s each" is what the write`,
    `limit (${RICH_TEXT_WRITE_RATE_LIMIT.max} saves a minute per person and route) lets through. Back to back, the`,
    'writers load the server as any client asking back to back does (a session read per request, a',
    '200 KB JSON body parsed): compare the control row. The last row is the same attack on a route',
    'that sanitizes on the event loop, as every write did before decision 011.',
  ].join('\n')
  return { text, failures }
}
