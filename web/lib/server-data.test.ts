import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { SERVER_DATA_ID, seedFromServer, whenRouterReady } from './server-data.ts'

function pageWith(data: unknown) {
  const doc = document.implementation.createHTMLDocument('page')
  const script = doc.createElement('script')
  script.type = 'application/json'
  script.id = SERVER_DATA_ID
  script.textContent = JSON.stringify(data)
  doc.body.append(script)
  return doc
}

type State = { initialized: boolean; location: { key: string } }

/** A router stand-in: its state, and a way to move it. */
function fakeRouter(initialized = true) {
  let listener: ((state: State) => void) | null = null
  const router = {
    state: { initialized, location: { key: 'default' } } as State,
    subscribe(fn: (state: State) => void) {
      listener = fn
      return () => {
        listener = null
      }
    },
  }
  return {
    router,
    update: (state: Partial<State>) => {
      router.state = { ...router.state, ...state }
      listener?.(router.state)
    },
    listening: () => listener !== null,
  }
}

describe('seedFromServer', () => {
  it("puts each query's data under its key, fresh until the first navigation, and removes the element", () => {
    const client = new QueryClient()
    const { router, update, listening } = fakeRouter()
    const doc = pageWith({
      queries: [
        { key: ['posts', 'by', 'w', 's'], data: { title: 'A post' } },
        { key: ['posts', 'feed', { writer: 'w' }], data: { items: [], nextCursor: null }, infinite: true },
      ],
    })
    expect(seedFromServer(client, router, doc)).toEqual([
      ['posts', 'by', 'w', 's'],
      ['posts', 'feed', { writer: 'w' }],
    ])
    expect(doc.getElementById(SERVER_DATA_ID)).toBeNull()
    expect(client.getQueryData(['posts', 'by', 'w', 's'])).toEqual({ title: 'A post' })
    expect(client.getQueryData(['posts', 'feed', { writer: 'w' }])).toEqual({
      pages: [{ items: [], nextCursor: null }],
      pageParams: [undefined],
    })
    expect(client.getQueryDefaults(['posts', 'by', 'w', 's']).staleTime).toBeGreaterThan(0)

    // The same location (the router finishing its start) keeps it; a navigation ends it.
    update({ initialized: true, location: { key: 'default' } })
    expect(client.getQueryDefaults(['posts', 'by', 'w', 's']).staleTime).toBeGreaterThan(0)
    update({ location: { key: 'x7k2p' } })
    expect(client.getQueryDefaults(['posts', 'by', 'w', 's']).staleTime).toBeUndefined()
    expect(client.getQueryDefaults(['posts', 'feed', { writer: 'w' }]).staleTime).toBeUndefined()
    expect(listening()).toBe(false)
  })

  it('does nothing on a page without data, or with data it cannot read', () => {
    const client = new QueryClient()
    const { router } = fakeRouter()
    expect(seedFromServer(client, router, document.implementation.createHTMLDocument('shell'))).toEqual([])
    const broken = pageWith('')
    ;(broken.getElementById(SERVER_DATA_ID) as HTMLElement).textContent = '{not json'
    expect(seedFromServer(client, router, broken)).toEqual([])
  })
})

describe('whenRouterReady', () => {
  it('resolves at once when initialized, else on the first initialized state', async () => {
    await whenRouterReady(fakeRouter(true).router)
    const { router, update, listening } = fakeRouter(false)
    const ready = whenRouterReady(router)
    update({ initialized: false })
    expect(listening()).toBe(true)
    update({ initialized: true })
    await ready
    expect(listening()).toBe(false)
  })
})
