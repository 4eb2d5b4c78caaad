import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import autocannon from 'autocannon'

// One load measurement: autocannon in its own worker thread (so the client never shares an event
// loop with the servers under test), recording every 2xx response time at full precision
// (autocannon's own histogram rounds to whole milliseconds, too coarse for sub-millisecond routes).

export interface LoadJob {
  url: string
  /** GET unless given; `body` is sent as is (set its content-type in `headers`). */
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT'
  body?: string
  /** Requests per second from each connection; unset, each sends its next as soon as it has an answer. */
  connectionRate?: number
  headers?: Record<string, string>
  /** A mix: each connection sends these in turn (paths on `url`'s origin), instead of `url` alone. */
  requests?: { path: string; headers?: Record<string, string> }[]
  connections: number
  /** Seconds measured. */
  duration: number
  /** Seconds of load first, thrown away (JIT, caches, pool connections). */
  warmup: number
}

export interface LoadResult {
  /** 2xx responses per second over the measured window. */
  rps: number
  /** Milliseconds, 2xx responses only. */
  p50: number
  p95: number
  p99: number
  mean: number
  /** 2xx responses counted. */
  ok: number
  /** Anything that was not a 2xx response: other statuses, connection errors, timeouts. */
  failed: number
  /** Status code → count, for explaining failures. */
  statuses: Record<string, number>
  seconds: number
}

const running = new Set<Worker>()

/** Stops every load still running (on Ctrl-C: a server cannot close while it is being hammered). */
export async function stopLoad(): Promise<void> {
  await Promise.all([...running].map((worker) => worker.terminate()))
}

interface WorkerInput {
  inkwellLoadJob: LoadJob
}

/** Runs one job in a fresh worker thread; resolves when the worker has measured and exited. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  // Worker threads do not inherit tsx's loader on Node 20: register it before importing this file.
  const tsx = import.meta.resolve('tsx/esm/api')
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`
  return new Promise((resolve, reject) => {
    let result: LoadResult | undefined
    const worker = new Worker(boot, { eval: true, workerData: { inkwellLoadJob: job } satisfies WorkerInput })
    running.add(worker)
    worker.on('message', (message: LoadResult) => {
      result = message
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      running.delete(worker)
      if (result) resolve(result)
      else reject(new Error(`the load worker stopped (exit code ${code}) without a result`))
    })
  })
}

function fire(options: autocannon.Options, onResponse?: (status: number, ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms))
  })
}

async function measure(job: LoadJob): Promise<LoadResult> {
  const base = {
    url: job.url,
    headers: job.headers,
    connections: job.connections,
    timeout: 10,
    // Only what is set: autocannon reads an undefined option as a value.
    ...(job.method ? { method: job.method, body: job.body } : {}),
    ...(job.connectionRate ? { connectionRate: job.connectionRate } : {}),
    ...(job.requests ? { requests: job.requests.map((r) => ({ method: 'GET' as const, ...r })) } : {}),
  }
  if (job.warmup > 0) await fire({ ...base, duration: job.warmup })

  let times = new Float64Array(1 << 16)
  let count = 0
  const result = await fire({ ...base, duration: job.duration }, (status, ms) => {
    if (status < 200 || status >= 300) return
    if (count === times.length) {
      const bigger = new Float64Array(times.length * 2)
      bigger.set(times)
      times = bigger
    }
    times[count++] = ms
  })

  const sorted = times.subarray(0, count).sort()
  const at = (q: number) => (count ? sorted[Math.min(count - 1, Math.floor(q * count))] : Number.NaN)
  let sum = 0
  for (const t of sorted) sum += t
  const statuses: Record<string, number> = {}
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0
  if (result.errors) statuses['connection errors'] = result.errors
  return {
    rps: count / result.duration,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: count ? sum / count : Number.NaN,
    ok: count,
    failed: result.non2xx + result.errors,
    statuses,
    seconds: result.duration,
  }
}

const input = isMainThread ? undefined : (workerData as Partial<WorkerInput> | undefined)
if (input?.inkwellLoadJob) {
  const result = await measure(input.inkwellLoadJob)
  parentPort!.postMessage(result)
}
