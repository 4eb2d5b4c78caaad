import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { saveReadingPosition, sendUnsentPositions } from '../api/books.ts'
import { queuePosition, readUnsentPositions, settlePosition } from './position-queue.ts'
import {
  READER_SETTINGS_KEY,
  READER_SETTINGS_UNSENT_KEY,
  sendUnsentReaderSettings,
} from './reader-settings.ts'

const offline = () => Promise.reject(new TypeError('Failed to fetch'))
const at = (minute: number) => `2026-11-29T12:${String(minute).padStart(2, '0')}:00.000Z`
const place = (minute: number, progress = 0.5) => ({ chapterId: 'c1', progress, at: at(minute) })
const kept = (minute: number) => jsonResponse({ chapterId: 'c1', progress: 0.5, updatedAt: at(minute) })

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('the queue of places read offline', () => {
  it('keeps the latest place per book, and forgets it once the server has answered for it', () => {
    queuePosition('b1', place(10))
    queuePosition('b1', place(5, 0.1))
    queuePosition('b2', place(7))
    expect(readUnsentPositions()).toEqual({ b1: place(10), b2: place(7) })
    settlePosition('b1', at(9))
    expect(readUnsentPositions().b1).toEqual(place(10))
    settlePosition('b1', at(10))
    expect(readUnsentPositions()).toEqual({ b2: place(7) })
  })

  it('queues a place when the network is down, with when the reader was there', async () => {
    stubFetch({ 'PUT /api/books/b1/position': offline })
    expect(await saveReadingPosition('b1', { chapterId: 'c1', progress: 0.3 })).toBeNull()
    const waiting = readUnsentPositions().b1
    expect(waiting).toMatchObject({ chapterId: 'c1', progress: 0.3 })
    expect(Date.parse(waiting.at)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('sends what waits when the network returns; a refusal drops it, a failure keeps it', async () => {
    queuePosition('b1', place(10))
    queuePosition('b2', place(11))
    queuePosition('b3', place(12))
    const fetch = stubFetch({
      'PUT /api/books/b1/position': kept(10),
      'PUT /api/books/b2/position': errorResponse(400, 'bad_request', 'This place is more than 30 days old'),
      'PUT /api/books/b3/position': offline,
    })
    await sendUnsentPositions()
    expect(bodyOf(callsTo(fetch, '/api/books/b1/position')[0][1])).toEqual(place(10))
    expect(readUnsentPositions()).toEqual({ b3: place(12) })
  })
})

describe('reader settings changed offline', () => {
  it('are sent as this browser has them when the network returns, once', async () => {
    localStorage.setItem(READER_SETTINGS_KEY, JSON.stringify({ fontStep: 3, theme: 'sepia', width: 'wide' }))
    localStorage.setItem(READER_SETTINGS_UNSENT_KEY, '1')
    stubFetch({ 'PUT /api/me/reader-settings': offline })
    await sendUnsentReaderSettings()
    expect(localStorage.getItem(READER_SETTINGS_UNSENT_KEY)).toBe('1')

    const saved = { fontStep: 3, theme: 'sepia', width: 'wide' }
    const fetch = stubFetch({ 'PUT /api/me/reader-settings': jsonResponse({ settings: saved }) })
    await sendUnsentReaderSettings()
    expect(bodyOf(callsTo(fetch, '/api/me/reader-settings')[0][1])).toEqual(saved)
    expect(localStorage.getItem(READER_SETTINGS_UNSENT_KEY)).toBeNull()
    await sendUnsentReaderSettings()
    expect(callsTo(fetch, '/api/me/reader-settings')).toHaveLength(1)
  })
})
