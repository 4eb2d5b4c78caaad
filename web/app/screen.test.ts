import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOADING_CHUNK_FAILED, SCREEN_LOAD_TIMEOUT_MS } from '#common/constants.ts'
import { retryFailedScreens, screen } from './screen.ts'

const Page = () => null
const never = () => new Promise<{ default: typeof Page }>(() => {})

/** Follows a promise without awaiting it, so a test can ask whether it has settled yet. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false }
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  )
  return state
}

afterEach(() => {
  vi.useRealTimers()
})

describe('screen', () => {
  it('loads nothing until the screen is drawn or preloaded', () => {
    const load = vi.fn(async () => ({ default: Page }))
    screen(load)
    expect(load).not.toHaveBeenCalled()
  })

  it("draws the module's default export once loaded, without suspending again", async () => {
    const Lazy = screen(async () => ({ default: Page }))
    await Lazy.preload()
    expect(Lazy({})).toEqual(createElement(Page))
  })

  it('loads a chunk that failed again after retryFailedScreens, and only then', async () => {
    const load = vi.fn((): Promise<{ default: typeof Page }> => Promise.reject(new Error('offline')))
    const Lazy = screen(load)
    await Lazy.preload().catch(() => {})
    await Lazy.preload().catch(() => {})
    expect(load).toHaveBeenCalledTimes(1)
    load.mockImplementation(() => Promise.resolve({ default: Page }))
    retryFailedScreens()
    await Lazy.preload()
    expect(load).toHaveBeenCalledTimes(2)
    expect(Lazy({})).toEqual(createElement(Page))
  })

  it('turns a rejected import into "Loading chunk failed"', async () => {
    const lazy = screen(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    )
    const error = await lazy.preload().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('Loading chunk failed')
    expect(LOADING_CHUNK_FAILED).toBe('Loading chunk failed')
  })

  it('fails with "Loading chunk failed" when the import takes longer than the timeout', async () => {
    vi.useFakeTimers()
    const result = track(screen(never, 50).preload())

    await vi.advanceTimersByTimeAsync(49)
    expect(result.settled).toBe(false)

    await vi.advanceTimersByTimeAsync(1)
    expect(result.settled).toBe(true)
    expect(result.error).toBeInstanceOf(Error)
    expect((result.error as Error).message).toBe(LOADING_CHUNK_FAILED)
  })

  it('still fails when a slow chunk arrives after the timeout', async () => {
    vi.useFakeTimers()
    let arrive!: (module: { default: typeof Page }) => void
    const result = track(screen(() => new Promise((resolve) => (arrive = resolve)), 50).preload())

    await vi.advanceTimersByTimeAsync(50)
    arrive({ default: Page })
    await vi.advanceTimersByTimeAsync(0)
    expect((result.error as Error).message).toBe(LOADING_CHUNK_FAILED)
  })

  it('waits SCREEN_LOAD_TIMEOUT_MS (120000 ms) by default', async () => {
    expect(SCREEN_LOAD_TIMEOUT_MS).toBe(120_000)
    vi.useFakeTimers()
    const result = track(screen(never).preload())

    await vi.advanceTimersByTimeAsync(119_999)
    expect(result.settled).toBe(false)

    await vi.advanceTimersByTimeAsync(1)
    expect((result.error as Error).message).toBe(LOADING_CHUNK_FAILED)
  })

  it('clears its timer once the screen has loaded', async () => {
    vi.useFakeTimers()
    await screen(async () => ({ default: Page }), 1000).preload()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('clears its timer when the import fails', async () => {
    vi.useFakeTimers()
    await screen(() => Promise.reject(new Error('offline')), 1000)
      .preload()
      .catch(() => {})
    expect(vi.getTimerCount()).toBe(0)
  })
})
