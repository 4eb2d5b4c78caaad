import { describeStatuses } from './apps.ts'
import { type LoadResult, runLoad } from './load.ts'
import { heading, int, ms, ratio, share, table } from './report.ts'

// The scaffolding of the suites that measure endpoints on a small and then a large data set: one
// load measurement per key, the table of every measurement against the bare route, and the
// large/small table that says whether each endpoint stays flat.

/** A large/small p50 ratio up to this reads as "flat" (room for run-to-run noise, no more). */
export const FLAT = 1.25

/** What a measurement takes from the run's settings (BenchSettings has these). */
interface LoadSettings {
  duration: number
  warmup: number
  connections: number
}

export interface Measurement {
  label: string
  result: LoadResult
}

export type Measure = (
  key: string,
  label: string,
  url: string,
  headers?: Record<string, string>,
) => Promise<LoadResult>

/** One load measurement of `url` with the run's settings; any non-2xx answer, or none, is a failure. */
export function loadOnce(settings: LoadSettings, progress: (line: string) => void, failures: string[]) {
  return async (label: string, url: string, headers?: Record<string, string>): Promise<LoadResult> => {
    progress(`measuring ${label}`)
    const result = await runLoad({
      url,
      headers,
      connections: settings.connections,
      duration: settings.duration,
      warmup: settings.warmup,
    })
    // No answer at all within the window (each waits up to 10 s) is no measurement either.
    if (result.failed > 0 || result.ok === 0) failures.push(`${label}: ${describeStatuses(result)}`)
    return result
  }
}

/** `loadOnce`, each result kept under its key. */
export function measurer(
  settings: LoadSettings,
  progress: (line: string) => void,
  failures: string[],
): { measurements: Record<string, Measurement>; measure: Measure } {
  const measurements: Record<string, Measurement> = {}
  const once = loadOnce(settings, progress, failures)
  const measure: Measure = async (key, label, url, headers) => {
    const result = await once(label, url, headers)
    measurements[key] = { label, result }
    return result
  }
  return { measurements, measure }
}

/** Every measurement in `order`, as req/s, p50, p95, p99 and its rate against `bare`'s. */
export function loadTable(m: Record<string, Measurement>, order: string[], bare = 'bare'): string {
  const bareRps = m[bare].result.rps
  const rows = order.map((key) => {
    const { label, result: r } = m[key]
    const flag = r.failed > 0 ? `  ✗ ${describeStatuses(r)}` : ''
    return [label + flag, int(r.rps), ms(r.p50), ms(r.p95), ms(r.p99), share(r.rps / bareRps)]
  })
  return table(['measurement', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s vs bare'], rows)
}

/** For each endpoint, `<key>-small` against `<key>-large`: the scale ratios and a verdict. */
export function scaleTable(title: string, m: Record<string, Measurement>, endpoints: [string, string][]) {
  const rows = endpoints.map(([key, label]) => {
    const small = m[`${key}-small`].result
    const large = m[`${key}-large`].result
    const p50 = large.p50 / small.p50
    return [
      label,
      ms(small.p50),
      ms(small.p95),
      ms(large.p50),
      ms(large.p95),
      ratio(p50),
      ratio(large.p95 / small.p95),
      p50 <= FLAT ? 'flat' : 'GROWS',
    ]
  })
  return [
    heading(title),
    table(
      [
        'endpoint',
        'p50 small',
        'p95 small',
        'p50 large',
        'p95 large',
        'p50 large/small',
        'p95 large/small',
        '',
      ],
      rows,
    ),
  ].join('\n')
}

/** The bare route, every key on the small data set, every key on the large one, the bare route again. */
export const sizeOrder = (keys: readonly string[]) => [
  'bare',
  ...keys.map((key) => `${key}-small`),
  ...keys.map((key) => `${key}-large`),
  'bare-again',
]

export const FLAT_NOTE = `Ratios near 1× mean a request costs the same whatever the data behind it. "flat" = p50 ratio ≤ ${FLAT}×.`

/**
 * A suite's report: every measurement against the bare route, its `notes`, then the large/small
 * table of `keys` (each measured as `<key>-small` and `<key>-large`).
 */
export function sizeReport(report: {
  title: string
  measurements: Record<string, Measurement>
  keys: readonly string[]
  label: (key: string) => string
  notes: string[]
  scale: string
}): string {
  const { measurements: m, keys } = report
  return [
    heading(report.title),
    loadTable(m, sizeOrder(keys)),
    '',
    ...report.notes,
    scaleTable(
      report.scale,
      m,
      keys.map((key) => [key, report.label(key)]),
    ),
    '',
    FLAT_NOTE,
  ].join('\n')
}
