import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#web/test/render.tsx'
import { SERVER_DATA_ID, seedFromServer, useSeededUntilNavigation } from './server-data.ts'

function pageWith(data: unknown) {
  const doc = document.implementation.createHTMLDocument('page')
  const script = doc.createElement('script')
  script.type = 'application/json'
  script.id = SERVER_DATA_ID
  script.textContent = JSON.stringify(data)
  doc.body.append(script)
  return doc
}

function Seeded({ keys }: { keys: QueryKey[] }) {
  useSeededUntilNavigation(keys)
  return null
}

describe('seedFromServer', () => {
  it("puts each query's data under its key, fresh until the first navigation, and removes the element", () => {
    const client = new QueryClient()
    const doc = pageWith({
      queries: [
        { key: ['posts', 'by', 'w', 's'], data: { title: 'A post' } },
        { key: ['posts', 'feed', { writer: 'w' }], data: { items: [], nextCursor: null }, infinite: true },
      ],
    })
    expect(seedFromServer(client, doc)).toEqual([
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
  })

  it('keeps the seeded data fresh on its own screen, and puts the usual freshness back at the first navigation', async () => {
    const client = new QueryClient()
    const keys = seedFromServer(client, pageWith({ queries: [{ key: ['posts', 'by', 'w', 's'], data: {} }] }))
    const { router } = renderRoutes([{ path: '*', element: <Seeded keys={keys} /> }], '/learn/w/s', client)
    expect(client.getQueryDefaults(['posts', 'by', 'w', 's']).staleTime).toBeGreaterThan(0)
    await act(() => router.navigate('/fiction'))
    expect(client.getQueryDefaults(['posts', 'by', 'w', 's']).staleTime).toBeUndefined()
  })

  it('does nothing on a page without data, or with data it cannot read', () => {
    const client = new QueryClient()
    expect(seedFromServer(client, document.implementation.createHTMLDocument('shell'))).toEqual([])
    const broken = pageWith('')
    ;(broken.getElementById(SERVER_DATA_ID) as HTMLElement).textContent = '{not json'
    expect(seedFromServer(client, broken)).toEqual([])
  })
})
