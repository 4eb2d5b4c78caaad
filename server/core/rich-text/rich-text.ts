import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { RICH_TEXT_NESTING_MAX } from '#common/constants.ts'
import { AppError } from '#server/errors.ts'
import type { RichTextJob } from './rich-text.worker.ts'
import type { RichTextOutcome } from './sanitize.ts'

// The one way rich text people send becomes rich text Inkwell stores: post bodies, forum threads
// and replies, and chapters when books come. Sanitizing is linear but not cheap (tens to hundreds
// of ms for a body at the limit), all of it time in which the event loop would answer no one else.
// So the work (the nesting check, then the allowlist) runs in a small pool of worker threads and the
// event loop only waits. The numbers and the choice: docs/decisions/011-bounded-rich-text.md.

/** One thread per spare core (at least one, at most four): the event loop keeps a core of its own. */
const POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism() - 1))
const WORKER = new URL('./rich-text.worker-boot.mjs', import.meta.url)

interface Pending {
  resolve: (outcome: RichTextOutcome) => void
  reject: (error: Error) => void
}
interface Slot {
  worker: Worker
  pending: Map<number, Pending>
}
type Reply = { id: number; outcome: RichTextOutcome } | { id: number; error: string }

const slots: Slot[] = []
let nextId = 0

function startSlot(): Slot {
  const worker = new Worker(WORKER, { name: 'inkwell-sanitizer' })
  const slot: Slot = { worker, pending: new Map() }
  // A thread that dies fails its own jobs; the next job starts a fresh one.
  const fail = (error: Error) => {
    const at = slots.indexOf(slot)
    if (at !== -1) slots.splice(at, 1)
    for (const job of slot.pending.values()) job.reject(error)
    slot.pending.clear()
  }
  worker.on('message', (reply: Reply) => {
    const job = slot.pending.get(reply.id)
    if (!job) return
    slot.pending.delete(reply.id)
    // An idle thread never keeps the process alive (tests, scripts, shutdown).
    if (slot.pending.size === 0) worker.unref()
    if ('outcome' in reply) job.resolve(reply.outcome)
    else job.reject(new Error(`The sanitizer failed: ${reply.error}`))
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`The sanitizer's thread stopped (exit code ${code})`)))
  slots.push(slot)
  return slot
}

/** Boots the first thread at process start, so the first save does not wait ~0.7 s for it. */
export function warmRichTextPool() {
  if (slots.length === 0) startSlot().worker.unref()
}

/** An idle thread, else a new one while the pool has room, else the least busy. */
function pickSlot(): Slot {
  const idle = slots.find((slot) => slot.pending.size === 0)
  if (idle) return idle
  if (slots.length < POOL_SIZE) return startSlot()
  return slots.reduce((least, slot) => (slot.pending.size < least.pending.size ? slot : least))
}

function sanitizeInPool(html: string, maxLength: number): Promise<RichTextOutcome> {
  const slot = pickSlot()
  const id = nextId++
  return new Promise((resolve, reject) => {
    slot.pending.set(id, { resolve, reject })
    slot.worker.ref()
    slot.worker.postMessage({ id, html, maxLength } satisfies RichTextJob)
  })
}

export interface StoredRichTextRule {
  /** The longest the stored (sanitized) text may be. */
  maxLength: number
  /** What it is, in the message: "post", "thread", "reply". */
  noun: string
  /** The request field the message belongs to. */
  field?: string
}

/**
 * The text as it is stored: sanitized (sanitize.ts's allowlist), after refusing nesting deeper than
 * RICH_TEXT_NESTING_MAX, and no longer than `maxLength` once sanitized. The limit applies to what is
 * stored because sanitizing can lengthen text (`&` becomes `&amp;`); since sanitizing stored text
 * changes nothing, saving a stored body again is always accepted. Throws a 400 with a field message.
 */
export async function storedRichText(
  html: string,
  { maxLength, noun, field = 'bodyHtml' }: StoredRichTextRule,
): Promise<string> {
  if (html === '') return ''
  const outcome = await sanitizeInPool(html, maxLength)
  if ('tooDeep' in outcome) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      [field]: `The formatting nests more than ${RICH_TEXT_NESTING_MAX} levels deep: flatten some lists or quotes`,
    })
  }
  if ('tooLong' in outcome) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      [field]:
        `This ${noun} is too long: keep it under ${maxLength.toLocaleString('en')} characters ` +
        `(formatting counts; it is ${outcome.tooLong.toLocaleString('en')})`,
    })
  }
  return outcome.html
}
