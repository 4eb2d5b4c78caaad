import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReadingListItem } from '#common/schemas/reading-list.ts'
import { KEPT_POSTS_KEY } from '#web/features/offline/kept-store.ts'
import { postCard } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import ReadingListPage from './reading-list.tsx'

const SESSION = {
  user: { id: 'reader-1', name: 'Mei Chen', email: 'mei@inkwell.test', emailVerified: true },
  session: { id: 's1', userId: 'reader-1', expiresAt: '2027-01-01T00:00:00.000Z' },
}
const ID = (n: number) => `6f1c1f9e-0000-4000-8000-00000000000${n}`
const item = (n: number, title: string, readable = true): ReadingListItem => ({
  post: postCard({ id: ID(n), title, slug: `post-${n}`, access: readable ? 'free' : 'subscribers' }),
  savedAt: '2026-11-28T10:00:00.000Z',
  readable,
})
const kept = (n: number) => ({
  id: ID(n),
  userId: 'reader-1',
  authorId: 'writer-1',
  slug: `post-${n}`,
  title: 'kept',
  bytes: 100,
  keptAt: '2026-11-28T10:00:00.000Z',
  coverImage: null,
})
const deleted: string[] = []

beforeEach(() => {
  deleted.length = 0
  // jsdom has no Cache Storage: what the page deletes from it is all that matters here.
  vi.stubGlobal('caches', {
    open: async () => ({ delete: async (url: string) => deleted.push(url.replace(/^https?:\/\/[^/]+/, '')) }),
  })
  localStorage.setItem(KEPT_POSTS_KEY, JSON.stringify([kept(1)]))
})
afterEach(() => localStorage.clear())

const renderPage = () => renderAt(<ReadingListPage />, '/reading-list')

describe('Reading list', () => {
  it('lists saved posts with what this device holds, shows more, and removes one from the list and the device', async () => {
    let first = [item(1, 'Gulls at dawn'), item(2, 'The cove', false)]
    const fetch = stubFetch({
      '/api/auth/get-session': jsonResponse(SESSION),
      '/api/me/reading-list': (url) =>
        queryOf(url).cursor === 'c1'
          ? jsonResponse({ items: [item(3, 'Tides')], nextCursor: null })
          : jsonResponse({ items: first, nextCursor: 'c1' }),
      [`DELETE /api/me/reading-list/${ID(1)}`]: () => {
        first = first.slice(1)
        return new Response(null, { status: 204 })
      },
    })
    renderPage()
    const gulls = (await screen.findByRole('link', { name: 'Gulls at dawn' })).closest('li') as HTMLElement
    expect(within(gulls).getByText('Available offline')).toBeInTheDocument()
    const cove = screen.getByRole('link', { name: 'The cove' }).closest('li') as HTMLElement
    expect(within(cove).getByText('For subscribers: not kept offline')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Gulls at dawn' })).toHaveAttribute(
      'href',
      '/learn/writer-1/post-1',
    )

    screen.getByRole('button', { name: 'Show more' }).click()
    const tides = (await screen.findByRole('link', { name: 'Tides' })).closest('li') as HTMLElement
    // Saved on another device: not here yet, and it can be.
    expect(within(tides).getByRole('button', { name: 'Keep offline' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()

    screen.getByRole('button', { name: 'Remove “Gulls at dawn” from your reading list' }).click()
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Gulls at dawn' })).not.toBeInTheDocument())
    expect(callsTo(fetch, `/api/me/reading-list/${ID(1)}`)).toHaveLength(1)
    expect(localStorage.getItem(KEPT_POSTS_KEY)).toBeNull()
    expect(deleted).toEqual(
      expect.arrayContaining(['/api/posts/by/writer-1/post-1', '/learn/writer-1/post-1']),
    )
  })

  it('says what saving does when nothing is saved', async () => {
    stubFetch({
      '/api/auth/get-session': jsonResponse(SESSION),
      '/api/me/reading-list': jsonResponse({ items: [], nextCursor: null }),
    })
    renderPage()
    expect(await screen.findByText('Nothing saved yet')).toBeInTheDocument()
    expect(screen.getByText(/on the train or in the air/)).toBeInTheDocument()
  })

  it('offers Try again when the list cannot be read', async () => {
    let fail = true
    stubFetch({
      '/api/auth/get-session': jsonResponse(SESSION),
      '/api/me/reading-list': () =>
        fail
          ? errorResponse(500, 'internal', 'Something went wrong')
          : jsonResponse({ items: [item(1, 'Gulls at dawn')], nextCursor: null }),
    })
    renderPage()
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })
    fail = false
    retry.click()
    expect(await screen.findByRole('link', { name: 'Gulls at dawn' })).toBeInTheDocument()
  })
})
