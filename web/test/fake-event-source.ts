// The browser's EventSource, faked: the network boundary of the notification stream. A test installs
// it with installFakeEventSource() (a vi.stubGlobal that web/test/setup.ts undoes after each test),
// then plays the server: open(), emit('created', data), fail() and the like.
import { act } from '@testing-library/react'
import { vi } from 'vitest'

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  /** Every source created since installFakeEventSource(), oldest first. */
  static instances: FakeEventSource[] = []

  readonly url: string
  readonly withCredentials: boolean
  readyState = FakeEventSource.CONNECTING

  constructor(url: string | URL, init?: EventSourceInit) {
    super()
    this.url = String(url)
    this.withCredentials = Boolean(init?.withCredentials)
    FakeEventSource.instances.push(this)
  }

  close() {
    this.readyState = FakeEventSource.CLOSED
  }

  /** The connection is up. */
  open() {
    act(() => {
      this.readyState = FakeEventSource.OPEN
      this.dispatchEvent(new Event('open'))
    })
  }

  /** The server sends a named event with JSON data (and an SSE id). */
  emit(type: string, data: unknown, id = '') {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }))
    })
  }

  /** The connection drops; `closed` when the browser gives up instead of retrying by itself. */
  fail({ closed = false } = {}) {
    act(() => {
      this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
      this.dispatchEvent(new Event('error'))
    })
  }
}

/** Replaces the global EventSource; returns the newest source opened so far. */
export function installFakeEventSource() {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
  return {
    /** The newest source (the one the app is listening to). */
    latest: () => {
      const source = FakeEventSource.instances.at(-1)
      if (!source) throw new Error('No EventSource was opened')
      return source
    },
    count: () => FakeEventSource.instances.length,
  }
}
