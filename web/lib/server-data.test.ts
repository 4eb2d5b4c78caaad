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

describe('seedFromServer', () => {
  it("puts each query's data under its key, fresh for the first mount, and removes the element", () => {
    const client = new QueryClient()
    const doc = pageWith({
      fresh: true,
      queries: [
        { key: ['posts', 'by', 'w', 's'], data: { title: 'A post' } },
        { key: ['posts', 'feed', { writer: 'w' }], data: { items: [], nextCursor: null }, infinite: true },
      ],
    })
    expect(seedFromServer(client, doc)).toBe(true)
    expect(doc.getElementById(SERVER_DATA_ID)).toBeNull()
    expect(client.getQueryData(['posts', 'by', 'w', 's'])).toEqual({ title: 'A post' })
    expect(client.getQueryData(['posts', 'feed', { writer: 'w' }])).toEqual({
      pages: [{ items: [], nextCursor: null }],
      pageParams: [undefined],
    })
    expect(client.getQueryDefaults(['posts', 'by', 'w', 's']).staleTime).toBeGreaterThan(0)
  })

  it('leaves the data stale when the server says it is the signed-out view of a signed-in visitor', () => {
    const client = new QueryClient()
    seedFromServer(
      client,
      pageWith({ fresh: false, queries: [{ key: ['books', 'one', 'b'], data: { id: 'b' } }] }),
    )
    expect(client.getQueryData(['books', 'one', 'b'])).toEqual({ id: 'b' })
    expect(client.getQueryDefaults(['books', 'one', 'b']).staleTime).toBeUndefined()
  })

  it('does nothing on a page without data, or with data it cannot read', () => {
    const client = new QueryClient()
    expect(seedFromServer(client, document.implementation.createHTMLDocument('shell'))).toBe(false)
    const broken = pageWith('')
    ;(broken.getElementById(SERVER_DATA_ID) as HTMLElement).textContent = '{not json'
    expect(seedFromServer(client, broken)).toBe(false)
  })
})

describe('whenRouterReady', () => {
  it('resolves at once when initialized, else on the first initialized state', async () => {
    await whenRouterReady({ state: { initialized: true }, subscribe: () => () => {} })
    let listener: (state: { initialized: boolean }) => void = () => {}
    let unsubscribed = false
    const ready = whenRouterReady({
      state: { initialized: false },
      subscribe: (fn) => {
        listener = fn
        return () => {
          unsubscribed = true
        }
      },
    })
    listener({ initialized: false })
    expect(unsubscribed).toBe(false)
    listener({ initialized: true })
    await ready
    expect(unsubscribed).toBe(true)
  })
})
