import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { RunningServer } from '../e2e/server.ts'
import {
  alive,
  bursts,
  heapUsedAfterGc,
  memory,
  restart,
  rssPeak,
  sleep,
  statusCount,
  tracker,
} from './newsletter-probes.ts'
import { int } from './report.ts'
import type { SmtpSink } from './smtp-sink.ts'

// The newsletters suite's two sends: one list to the end, with the server's memory around it; and
// one killed halfway (kill -9), restarted and followed until every delivery row is done.

/** The send queue's rows per job and its worker's polling (server/modules/newsletters/delivery.service.ts). */
export const SEND_BATCH = 100
export const SEND_POLL_SECONDS = 2
/** How often the server's RSS is read during a send. */
export const SAMPLE_MS = 100

export type Writer = 'small' | 'large' | 'none'

export interface Bench {
  server: RunningServer
  db: pg.Client
  sink: SmtpSink
  draft(writer: Writer, title: string): Promise<string>
  publish(writer: Writer, postId: string): Promise<void>
  progress: (line: string) => void
  failures: string[]
}

export interface SendResult {
  recipients: number
  firstMs: number
  lastMs: number
  rate: number
  burstRate: number
  bursts: number
  rssIdleKiB: number
  rssPeakKiB: number
  hwmKiB: number
  heapBefore: number
  heapAfter: number
}

/** Publishes a post to the writer's `count` subscribers and waits until every row is done. */
export async function sendAndWait(
  bench: Bench,
  writer: 'small' | 'large',
  count: number,
): Promise<SendResult> {
  const { server, db, sink } = bench
  const pid = server.pid
  const heapBefore = await heapUsedAfterGc(server)
  const rssIdleKiB = memory(pid).rss
  const postId = await bench.draft(writer, `Newsletter to ${count} ${randomUUID().slice(0, 8)}`)
  const seen = tracker(sink, postId)
  const sampler = rssPeak(pid, SAMPLE_MS)
  const t0 = performance.now()
  await bench.publish(writer, postId)
  const deadline = Date.now() + Math.max(300_000, count * 60)
  for (;;) {
    seen.update()
    if (seen.unique() >= count && (await statusCount(db, postId, 'queued')) === 0) break
    if (Date.now() > deadline) {
      bench.failures.push(`${count} subscribers: ${seen.unique()} mails after the time allowed`)
      break
    }
    await sleep(50)
  }
  const rssPeakKiB = sampler.stop()
  const heapAfter = await heapUsedAfterGc(server)
  if (seen.total() !== count)
    bench.failures.push(`${count} subscribers: ${seen.total()} messages at the sink`)
  const lastMs = seen.last() - t0
  return {
    recipients: count,
    firstMs: seen.first() - t0,
    lastMs,
    rate: count / (lastMs / 1000),
    ...bursts(seen.times()),
    rssIdleKiB,
    rssPeakKiB,
    hwmKiB: memory(pid).hwm,
    heapBefore,
    heapAfter,
  }
}

/** Publishes a post to `count` subscribers, kills the server halfway, restarts it and waits for every row. */
export async function crashHalfway(bench: Bench, count: number, realExpiry: boolean) {
  const { server, db, sink, progress } = bench
  const postId = await bench.draft('large', `Newsletter interrupted ${randomUUID().slice(0, 8)}`)
  const seen = tracker(sink, postId)
  const pid = server.pid
  const sampler = rssPeak(pid, SAMPLE_MS)
  const t0 = performance.now()
  await bench.publish('large', postId)
  // Halfway, and halfway into a batch: a send job is in flight, with rows still queued behind it.
  const at = Math.floor(count / 2 / SEND_BATCH) * SEND_BATCH + SEND_BATCH / 2
  for (;;) {
    seen.update()
    if (seen.unique() >= at) break
    await sleep(20)
  }
  const rssPeakKiB = sampler.stop()
  process.kill(pid, 'SIGKILL')
  const killMs = performance.now() - t0
  while (alive(pid)) await sleep(20)
  seen.update()
  const atKill = seen.total()
  const killedAt = (await db.query('select now() as t')).rows[0].t as Date
  const sentAtKill = await statusCount(db, postId, 'sent')
  progress(
    `newsletters: killed with ${int(atKill)} mails at the sink, ${int(sentAtKill)} rows sent; restarting`,
  )

  const restartStart = performance.now()
  const restartMs = await restart(server, async () => {})
  const deadline = Date.now() + (realExpiry ? 20 : 5) * 60_000
  let resumedMs: number | null = null
  let held = 0
  for (;;) {
    const queued = await statusCount(db, postId, 'queued')
    if (queued === 0) break
    const stale = await db.query(
      `select id, data from pgboss.job
       where name = 'newsletter.send' and state = 'active' and started_on < $1`,
      [killedAt],
    )
    const staleIds = stale.rows.flatMap((r) => (r.data as { ids: string[] }).ids)
    const heldNow = Number(
      (
        await db.query(
          `select count(*)::int as n from newsletter_delivery
           where post_id = $1 and status = 'queued' and id = any($2::uuid[])`,
          [postId, staleIds],
        )
      ).rows[0].n,
    )
    if (resumedMs === null && heldNow === queued) {
      resumedMs = performance.now() - restartStart
      held = heldNow
      progress(`newsletters: every row done but ${held} held by the killed process's job`)
      if (!realExpiry) {
        await db.query(
          `update pgboss.job set state = 'retry', start_after = now() where id = any($1::uuid[])`,
          [stale.rows.map((r) => r.id)],
        )
      }
    }
    if (Date.now() > deadline) {
      bench.failures.push(`kill -9: ${queued} rows still queued after the time allowed`)
      break
    }
    await sleep(500)
  }
  const doneMs = performance.now() - restartStart
  await sleep(500) // anything still on its way to the sink
  seen.update()

  const rows = await db.query(
    'select status, count(*)::int as n from newsletter_delivery where post_id = $1 group by status order by status',
    [postId],
  )
  const readers = new Set(
    (await db.query('select recipient_id from newsletter_delivery where post_id = $1', [postId])).rows.map(
      (r) => String(r.recipient_id),
    ),
  )
  let found = 0
  let strays = 0
  for (const reader of seen.readers()) {
    if (readers.has(reader)) found++
    else strays++
  }
  const missing = readers.size - found
  if (missing > 0) bench.failures.push(`kill -9: ${missing} recipients never got the post`)
  if (strays > 0) bench.failures.push(`kill -9: ${strays} messages to no recipient of the post`)
  return {
    killMs,
    atKill,
    sentAtKill,
    rssPeakKiB,
    restartMs,
    resumedMs,
    held,
    doneMs,
    recipients: readers.size,
    statuses: rows.rows.map((r) => `${r.status} ${int(Number(r.n))}`).join(', '),
    total: seen.total(),
    unique: seen.unique(),
    duplicates: seen.total() - seen.unique(),
    missing,
  }
}
