import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '#web/lib/query-client.ts'
import { notification, notifications } from '#web/test/builders.ts'
import { installFakeEventSource } from '#web/test/fake-event-source.ts'
import { getLatest } from './api/cache.ts'
import { notificationKeys } from './api/notification-queries.ts'
import { RETRY_BASE_MS, RETRY_MAX_MS, retryDelay, useNotificationStream } from './stream.ts'

let stream: ReturnType<typeof installFakeEventSource>
beforeEach(() => {
  stream = installFakeEventSource()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

function renderStream(enabled = true) {
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const view = renderHook(({ on }) => useNotificationStream(on), { wrapper, initialProps: { on: enabled } })
  return { ...view, queryClient }
}

describe('useNotificationStream', () => {
  it('puts the snapshot in the cache, then applies created and read events', async () => {
    const { queryClient } = renderStream()
    const [a, b] = notifications(2)
    stream.latest().emit('snapshot', { items: [a, b], unreadCount: 2 })
    await vi.waitFor(() => expect(getLatest(queryClient)).toEqual({ items: [a, b], unreadCount: 2 }))

    const c = notification({
      id: '0b7a4c6e-0000-4000-8000-0000000000ff',
      message: 'New',
      timestamp: new Date().toISOString(),
    })
    stream.latest().emit('created', { notification: c, unreadCount: 3 }, '7')
    await vi.waitFor(() => expect(getLatest(queryClient)?.items.map((n) => n.id)).toEqual([c.id, a.id, b.id]))

    stream.latest().emit('read', { ids: [a.id, c.id], unreadCount: 1 }, '8')
    await vi.waitFor(() => expect(getLatest(queryClient)?.unreadCount).toBe(1))
    expect(getLatest(queryClient)?.items.map((n) => n.isRead)).toEqual([true, true, false])
  })

  it('applies events in the order they came while the schemas are still loading', async () => {
    const { queryClient } = renderStream()
    const [a, b] = notifications(2)
    // Nothing awaited between them: all three wait for the schemas' first load.
    stream.latest().emit('snapshot', { items: [a, b], unreadCount: 2 })
    stream.latest().emit('removed', { ids: [a.id], unreadCount: 1 }, '7')
    stream.latest().emit('read', { ids: [b.id], unreadCount: 0 }, '8')
    await vi.waitFor(() => expect(getLatest(queryClient)?.unreadCount).toBe(0))
    expect(getLatest(queryClient)?.items).toEqual([{ ...b, isRead: true }])
  })

  it('replaces a grouped notification brought up to date, where its timestamp puts it, never twice', async () => {
    const { queryClient } = renderStream()
    const [a, b, c] = notifications(3)
    stream.latest().emit('snapshot', { items: [a, b, c], unreadCount: 1 })

    // A new like: the same notification, unread again, its time now.
    const liked = {
      ...c,
      message: 'Ana Lopez and 2 others liked “Tides”',
      isRead: false,
      timestamp: new Date().toISOString(),
    }
    stream.latest().emit('created', { notification: liked, unreadCount: 2 }, '7')
    await vi.waitFor(() => expect(getLatest(queryClient)).toEqual({ items: [liked, a, b], unreadCount: 2 }))

    // Re-worded (a liker deleted their account): same time, so it stays where it is.
    const reworded = { ...b, message: 'Tomás Reyes liked “Tides”' }
    stream.latest().emit('created', { notification: reworded, unreadCount: 2 }, '8')
    await vi.waitFor(() => expect(getLatest(queryClient)?.items).toEqual([liked, a, reworded]))
  })

  it('takes removed notifications out of the bell', async () => {
    const { queryClient } = renderStream()
    const [a, b, c] = notifications(3)
    stream.latest().emit('snapshot', { items: [a, b, c], unreadCount: 3 })
    stream.latest().emit('removed', { ids: [b.id], unreadCount: 2 }, '9')
    await vi.waitFor(() => expect(getLatest(queryClient)).toEqual({ items: [a, c], unreadCount: 2 }))
  })

  it('refreshes the page lists on every event', async () => {
    const { queryClient } = renderStream()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    stream.latest().emit('snapshot', { items: [], unreadCount: 0 })
    stream.latest().emit('cleared', { unreadCount: 0 }, '9')
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2))
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: notificationKeys.pages })
  })

  it('skips an event it cannot read, and goes on with the next', async () => {
    const { queryClient } = renderStream()
    const set = vi.spyOn(queryClient, 'setQueryData')
    stream.latest().emit('snapshot', { items: 'nope' })
    stream.latest().emit('snapshot', { items: [], unreadCount: 4 })
    await vi.waitFor(() => expect(getLatest(queryClient)).toEqual({ items: [], unreadCount: 4 }))
    expect(set).toHaveBeenCalledTimes(1)
  })

  it('lets the browser retry a dropped connection by itself', () => {
    renderStream()
    stream.latest().fail()
    act(() => vi.advanceTimersByTime(RETRY_MAX_MS))
    expect(stream.count()).toBe(1)
  })

  it('opens a new stream with growing delays once the browser gives up, and resets after a success', () => {
    renderStream()
    const first = stream.latest()
    first.fail({ closed: true })
    act(() => vi.advanceTimersByTime(RETRY_BASE_MS - 1))
    expect(stream.count()).toBe(1)
    act(() => vi.advanceTimersByTime(1))
    expect(stream.count()).toBe(2)

    stream.latest().fail({ closed: true })
    act(() => vi.advanceTimersByTime(RETRY_BASE_MS))
    expect(stream.count()).toBe(2)
    act(() => vi.advanceTimersByTime(RETRY_BASE_MS))
    expect(stream.count()).toBe(3)

    stream.latest().open()
    stream.latest().fail({ closed: true })
    act(() => vi.advanceTimersByTime(RETRY_BASE_MS))
    expect(stream.count()).toBe(4)
  })

  it('caps the delay', () => {
    expect(retryDelay(0)).toBe(RETRY_BASE_MS)
    expect(retryDelay(3)).toBe(8 * RETRY_BASE_MS)
    expect(retryDelay(50)).toBe(RETRY_MAX_MS)
  })

  it('closes the stream, stops retrying and forgets the list when it ends (sign-out)', () => {
    const { rerender, queryClient } = renderStream()
    stream.latest().emit('snapshot', { items: notifications(1), unreadCount: 1 })
    stream.latest().fail({ closed: true })
    rerender({ on: false })
    act(() => vi.advanceTimersByTime(RETRY_MAX_MS))
    expect(stream.count()).toBe(1)
    expect(stream.latest().readyState).toBe(2)
    expect(getLatest(queryClient)).toBeUndefined()
  })

  it('opens nothing while disabled', () => {
    renderStream(false)
    expect(stream.count()).toBe(0)
  })
})
