import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { useReconnect } from './use-reconnect.ts'

// The boundaries: fetch (the server), navigator.onLine and document.hidden (the browser), and
// location.reload. Time is fake, so the waits are exact.
let serverUp: boolean
let health: ReturnType<typeof stubFetch>
let reload: ReturnType<typeof vi.fn>

beforeEach(() => {
  vi.useFakeTimers()
  serverUp = false
  health = stubFetch({
    '/api/health': () => {
      if (!serverUp) throw new TypeError('Failed to fetch')
      return jsonResponse({ status: 'ok', database: 'pglite' })
    },
  })
  reload = vi.fn()
  vi.stubGlobal('location', { ...window.location, pathname: '/academic', search: '', reload })
  sessionStorage.clear()
})

afterEach(() => {
  vi.useRealTimers()
})

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)
const hidden = (value: boolean) => vi.spyOn(document, 'hidden', 'get').mockReturnValue(value)
/** Fires a browser event and lets what it starts (a check of the server) finish. */
const fire = (target: EventTarget, type: string) =>
  act(async () => {
    target.dispatchEvent(new Event(type))
    await vi.advanceTimersByTimeAsync(0)
  })
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const checks = () => callsTo(health, '/api/health').length

/** The hook for a screen that failed; `retried` when that failure is what a retry ended in. */
function mount(retried = false) {
  const retry = vi.fn()
  const hook = renderHook(({ retried }) => useReconnect({ retried, retry }), { initialProps: { retried } })
  return { ...hook, retry }
}

describe('useReconnect', () => {
  it('asks the server at once, then after 2 s, 4 s, 8 s, 16 s and every 30 s, counting down', async () => {
    const { result, retry } = mount()
    expect(result.current).toEqual({ state: 'checking' })
    await advance(0)
    expect(checks()).toBe(1)
    expect(result.current).toEqual({ state: 'waiting', seconds: 2, secondsLeft: 2 })
    await advance(1000)
    expect(result.current).toEqual({ state: 'waiting', seconds: 2, secondsLeft: 1 })

    for (const [seconds, total] of [
      [1, 2],
      [4, 3],
      [8, 4],
      [16, 5],
      [30, 6],
      [30, 7],
    ]) {
      await advance(seconds * 1000 - 1)
      expect(checks()).toBe(total - 1)
      await advance(1)
      expect(checks()).toBe(total)
    }
    expect(result.current).toMatchObject({ state: 'waiting', seconds: 30 })
    expect(retry).not.toHaveBeenCalled()
    expect(health.mock.calls[0][1]).toMatchObject({ cache: 'no-store' })
  })

  it('retries the screen once the server answers, and stops asking', async () => {
    const { result, retry } = mount()
    await advance(0)
    serverUp = true
    await advance(2000)

    expect(retry).toHaveBeenCalledTimes(1)
    expect(result.current).toEqual({ state: 'retrying' })
    await advance(120_000)
    expect(checks()).toBe(2)
    expect(reload).not.toHaveBeenCalled()
  })

  it('treats an answer that is not OK (a proxy in front of a stopped server) as not back', async () => {
    health = stubFetch({ '/api/health': () => jsonResponse({}, 502) })
    const { result, retry } = mount()
    await advance(0)
    expect(retry).not.toHaveBeenCalled()
    expect(result.current).toMatchObject({ state: 'waiting', seconds: 2 })
  })

  it('gives up on a check that hangs after 10 s and waits for the next one', async () => {
    health = stubFetch({
      '/api/health': (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    })
    const { result } = mount()
    await advance(9999)
    expect(result.current).toEqual({ state: 'checking' })
    await advance(1)
    expect(result.current).toMatchObject({ state: 'waiting', seconds: 2 })
  })

  it('offline, waits for the browser to be online without asking, then checks at once', async () => {
    const onLine = online(false)
    const { result, retry } = mount()
    expect(result.current).toEqual({ state: 'offline' })
    await advance(120_000)
    expect(checks()).toBe(0)

    onLine.mockReturnValue(true)
    serverUp = true
    await fire(window, 'online')
    expect(checks()).toBe(1)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('stops counting when the connection drops, and starts again when it returns', async () => {
    const onLine = online(true)
    const { result, retry } = mount()
    await advance(2000)
    expect(checks()).toBe(2)
    onLine.mockReturnValue(false)
    await fire(window, 'offline')
    expect(result.current).toEqual({ state: 'offline' })
    await advance(60_000)
    expect(checks()).toBe(2)

    // Back online but the server is still away: the waits start again from 2 s.
    onLine.mockReturnValue(true)
    await fire(window, 'online')
    expect(checks()).toBe(3)
    expect(result.current).toMatchObject({ state: 'waiting', seconds: 2 })
    serverUp = true
    await advance(2000)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('pauses while the tab is hidden and checks as soon as it is shown again', async () => {
    const isHidden = hidden(true)
    const { result, retry } = mount()
    await advance(120_000)
    expect(checks()).toBe(1)
    expect(result.current).toMatchObject({ state: 'waiting', secondsLeft: 2 })

    isHidden.mockReturnValue(false)
    serverUp = true
    await fire(document, 'visibilitychange')
    expect(checks()).toBe(2)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('pauses a countdown already running when the tab is hidden', async () => {
    const isHidden = hidden(false)
    const { result } = mount()
    await advance(2000)
    await advance(1000)
    expect(result.current).toMatchObject({ state: 'waiting', seconds: 4, secondsLeft: 3 })

    isHidden.mockReturnValue(true)
    await fire(document, 'visibilitychange')
    await advance(60_000)
    expect(checks()).toBe(2)
    expect(result.current).toMatchObject({ secondsLeft: 3 })
  })

  it('reloads the page once when the retry fails although the server answers (a deploy)', async () => {
    serverUp = true
    const { result, retry, rerender } = mount()
    await advance(0)
    expect(retry).toHaveBeenCalledTimes(1)
    expect(reload).not.toHaveBeenCalled()

    rerender({ retried: true })
    await advance(0)
    expect(checks()).toBe(2)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(retry).toHaveBeenCalledTimes(1)
    expect(result.current).toEqual({ state: 'retrying' })
    expect(JSON.parse(sessionStorage.getItem('inkwell:reloaded-after-chunk-failure') ?? '')).toMatchObject({
      url: '/academic',
    })
  })

  it('asks the server before that reload, and waits again if it dropped in between', async () => {
    // The server went away again while the retry loaded: a reload now would land on the
    // browser's own "can't be reached" page, which never comes back by itself.
    const { result, retry } = mount(true)
    // It answered a moment ago: the page says the reload is on its way while it makes sure.
    expect(result.current).toEqual({ state: 'retrying' })
    expect(reload).not.toHaveBeenCalled()
    await advance(0)
    expect(checks()).toBe(1)
    expect(reload).not.toHaveBeenCalled()
    expect(result.current).toEqual({ state: 'waiting', seconds: 2, secondsLeft: 2 })
    await advance(2000)
    expect(result.current).toMatchObject({ state: 'waiting', seconds: 4 })

    serverUp = true
    await advance(4000)
    expect(checks()).toBe(3)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(retry).not.toHaveBeenCalled()
    expect(result.current).toEqual({ state: 'retrying' })
  })

  it('offline after a failed retry, waits for the connection before reloading', async () => {
    const onLine = online(false)
    const { result } = mount(true)
    expect(result.current).toEqual({ state: 'offline' })
    await advance(60_000)
    expect(reload).not.toHaveBeenCalled()

    onLine.mockReturnValue(true)
    serverUp = true
    await fire(window, 'online')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not reload the same address again within 5 minutes: the person decides', async () => {
    serverUp = true
    const first = mount(true)
    await advance(0)
    first.unmount()
    expect(reload).toHaveBeenCalledTimes(1)

    // The reloaded page fails the same way.
    const again = mount(true)
    await advance(0)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(again.result.current).toEqual({ state: 'stuck' })
    await advance(5 * 60_000)
    expect(checks()).toBe(2)
    again.unmount()

    // Later on, a new failure may reload again.
    mount(true)
    await advance(0)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('leaves it to the person when the page cannot remember reloading (no session storage)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    serverUp = true
    const { result } = mount(true)
    await advance(0)
    expect(reload).not.toHaveBeenCalled()
    expect(result.current).toEqual({ state: 'stuck' })
  })

  it('leaves nothing running once the screen has gone', async () => {
    const { unmount } = mount()
    await advance(2000)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
    await advance(120_000)
    expect(checks()).toBe(2)
  })
})
