import fs from 'node:fs'
import nodemailer from 'nodemailer'
import type pg from 'pg'
import type { RunningServer } from '../e2e/server.ts'
import type { SmtpSink } from './smtp-sink.ts'

// The newsletters suite's instruments: what the sink received for one post, the server process's
// memory, a restart that waits for the queue's workers, and the floor a bare client sets.

/** What server/index.ts prints once its catch-up is done, just before it starts the queue's workers. */
const BANNER = 'Inkwell is running on'
/** What heap-probe.mjs prints after a full collection. */
const HEAP_LINE = /bench-heap-used (\d+)/g
/** A longer gap between two mails is the worker waiting, not sending. */
export const BURST_GAP_MS = 250

/** NODE_OPTIONS for the server: heap-probe.mjs, which answers SIGUSR2 with the heap in use after a full GC. */
export const HEAP_PROBE_OPTIONS = `--import=${new URL('./heap-probe.mjs', import.meta.url).href}`

/** The sink's messages for one post's newsletter (Message-ID `<newsletter.POST.READER@host>`). */
export function tracker(sink: SmtpSink, postId: string) {
  const prefix = `<newsletter.${postId}.`
  const counts = new Map<string, number>()
  const times: number[] = []
  let scanned = sink.accepted.length
  return {
    update() {
      for (; scanned < sink.accepted.length; scanned++) {
        const { messageId, at } = sink.accepted[scanned]
        if (!messageId.startsWith(prefix)) continue
        const reader = messageId.slice(prefix.length, messageId.lastIndexOf('@'))
        counts.set(reader, (counts.get(reader) ?? 0) + 1)
        times.push(at)
      }
    },
    total: () => times.length,
    unique: () => counts.size,
    first: () => times[0] ?? Number.NaN,
    last: () => times.at(-1) ?? Number.NaN,
    times: () => times,
    readers: () => counts.keys(),
  }
}
export type Tracker = ReturnType<typeof tracker>

/** Mails per second while mails follow each other closely, and how many such bursts there were. */
export function bursts(times: number[]): { burstRate: number; bursts: number } {
  let busy = 0
  let count = 1
  for (let i = 1; i < times.length; i++) {
    const gap = times[i] - times[i - 1]
    if (gap < BURST_GAP_MS) busy += gap
    else count++
  }
  return { burstRate: times.length / (busy / 1000), bursts: times.length ? count : 0 }
}

export async function statusCount(db: pg.Client, postId: string, status: string): Promise<number> {
  const { rows } = await db.query(
    'select count(*)::int as n from newsletter_delivery where post_id = $1 and status = $2',
    [postId, status],
  )
  return Number(rows[0].n)
}

/** VmRSS and VmHWM (the peak) of a process, in KiB; NaN once it is gone. */
export function memory(pid: number): { rss: number; hwm: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return {
      rss: Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN),
      hwm: Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? Number.NaN),
    }
  } catch {
    return { rss: Number.NaN, hwm: Number.NaN }
  }
}

/** The peak RSS of `pid` from now until `stop()`, read every `everyMs`. */
export function rssPeak(pid: number, everyMs: number) {
  let peak = memory(pid).rss
  const timer = setInterval(() => {
    const { rss } = memory(pid)
    if (rss > peak) peak = rss
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      const { rss } = memory(pid)
      if (rss > peak) peak = rss
      return peak
    },
  }
}

/** The server's heap in use (bytes) after a full collection (heap-probe.mjs, on SIGUSR2). */
export async function heapUsedAfterGc(server: RunningServer): Promise<number> {
  const before = [...server.output().matchAll(HEAP_LINE)].length
  process.kill(server.pid, 'SIGUSR2')
  const deadline = Date.now() + 10_000
  for (;;) {
    const lines = [...server.output().matchAll(HEAP_LINE)]
    if (lines.length > before) return Number(lines.at(-1)?.[1])
    if (Date.now() > deadline) return Number.NaN
    await sleep(20)
  }
}

/** Whether the process still runs (a zombie waiting to be reaped does not). */
export function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

/**
 * Stops the server (`stop`), starts it again and waits for its banner, i.e. until its catch-up is
 * done and its queue's workers start, then a second more. Returns the time from spawn to banner.
 */
export async function restart(server: RunningServer, stop: () => Promise<void>): Promise<number> {
  await stop()
  const banners = server.output().split(BANNER).length
  const t0 = performance.now()
  await server.up()
  const deadline = Date.now() + 120_000
  while (server.output().split(BANNER).length === banners) {
    if (Date.now() > deadline)
      throw new Error(`the server printed no banner:\n${server.output().slice(-2000)}`)
    await sleep(50)
  }
  const took = performance.now() - t0
  await sleep(1000)
  return took
}

/** Messages per second from a bare client: the same mail to the same sink, nothing else. */
export async function floorRate(sink: SmtpSink, body: string, messages: number): Promise<number> {
  const transport = nodemailer.createTransport(sink.url)
  const mail = (i: number) => ({
    from: 'Inkwell <no-reply@inkwell.local>',
    to: `floor-${i}@bench.example`,
    subject: 'Floor',
    text: body.replace(/<[^>]+>/g, '\n'),
    html: body,
    messageId: `<floor.${i}@localhost>`,
  })
  for (let i = 0; i < 50; i++) await transport.sendMail(mail(i))
  const t0 = performance.now()
  for (let i = 0; i < messages; i++) await transport.sendMail(mail(i))
  return messages / ((performance.now() - t0) / 1000)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
