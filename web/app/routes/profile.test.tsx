import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody, writerCard, writerProfile } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Profile from './profile.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const grace = writerCard()
const tomas = writerCard({
  id: 'writer-2',
  name: 'Tomás Reyes',
  bio: 'True stories from the coast.',
  posts: 2,
  likes: 9,
})
const ada = writerCard({ id: 'user-1', name: 'Ada Writer', bio: 'Maths for the curious.', posts: 1 })

const renderProfile = (path = '/profile') => renderRoutes([{ path: '/profile', element: <Profile /> }], path)

/** Names on the cards of a list, in order. */
const cardNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)

describe('Profile (the writers directory)', () => {
  it('lists writers with their bio and counts, linking to their pages', async () => {
    stubFetch({ '/api/writers': jsonResponse({ items: [grace, tomas], nextCursor: null }) })
    renderProfile()
    expect(await screen.findByRole('link', { name: 'Grace Okafor' })).toHaveAttribute(
      'href',
      '/writer/writer-1',
    )
    expect(screen.getByRole('link', { name: 'Tomás Reyes' })).toHaveAttribute('href', '/writer/writer-2')
    expect(screen.getByText('6 posts')).toBeInTheDocument()
    expect(screen.getByText('41 likes')).toBeInTheDocument()
    expect(screen.getByText('True stories from the coast.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your card' })).not.toBeInTheDocument()
    expect(document.title).toBe('Writers · Inkwell')
  })

  it('searches as I type, keeping the search in the URL', async () => {
    const fetch = stubFetch({
      '/api/writers': (url) =>
        jsonResponse({ items: queryOf(url).q === 'coast' ? [tomas] : [grace, tomas], nextCursor: null }),
    })
    const { user, router } = renderProfile()
    await screen.findByRole('link', { name: 'Grace Okafor' })
    await user.type(screen.getByRole('searchbox', { name: 'Search writers by name or bio' }), 'coast')
    // The URL and the request wait for typing to pause.
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=coast'), { timeout: 5000 })
    expect(await screen.findByText('1 writer matching “coast”', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Grace Okafor' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Tomás Reyes' })).toBeInTheDocument()
    // Not one request per key: the first page, then the whole word (a slow machine may add one in between).
    const asked = callsTo(fetch, '/api/writers').map(([url]) => queryOf(url).q)
    expect(asked[0]).toBeUndefined()
    expect(asked.at(-1)).toBe('coast')
    expect(asked.length).toBeLessThan(4)
  }, 15_000)

  it('starts from the search in the URL, and clears it when nothing matches', async () => {
    const fetch = stubFetch({
      '/api/writers': (url) => jsonResponse({ items: queryOf(url).q ? [] : [grace], nextCursor: null }),
    })
    const { user, router } = renderProfile('/profile?q=zebra')
    expect(await screen.findByText('No writers match “zebra”')).toBeInTheDocument()
    expect(screen.getByRole('searchbox')).toHaveValue('zebra')
    expect(queryOf(callsTo(fetch, '/api/writers')[0][0])).toEqual({ q: 'zebra' })

    await user.click(screen.getByRole('button', { name: 'Clear the search' }))
    expect(await screen.findByRole('link', { name: 'Grace Okafor' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('searchbox')).toHaveValue('')
    expect(router.state.location.search).toBe('')
  }, 15_000)

  it('puts my own card on top, labelled, and not again in the list', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      '/api/writers/user-1': jsonResponse(writerProfile(ada)),
      '/api/writers': jsonResponse({ items: [ada, grace, tomas], nextCursor: null }),
    })
    renderProfile()
    const mine = await screen.findByRole('region', { name: 'Your card' })
    expect(await within(mine).findByRole('link', { name: 'Ada Writer' })).toHaveAttribute(
      'href',
      '/writer/user-1',
    )
    expect(within(mine).getByText('You')).toBeInTheDocument()
    const all = screen.getByRole('region', { name: 'All writers' })
    await within(all).findByRole('link', { name: 'Grace Okafor' })
    expect(cardNames(all)).toEqual(['Grace Okafor', 'Tomás Reyes'])
  })

  it('shows me among the results, labelled, while searching', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      '/api/writers': jsonResponse({ items: [ada], nextCursor: null }),
    })
    renderProfile('/profile?q=maths')
    const results = await screen.findByRole('region', { name: 'Search results' })
    expect(await within(results).findByText('You')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your card' })).not.toBeInTheDocument()
  })

  it('invites me to write my first post when I have published nothing yet', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      // My own page answers me, empty; I am not in the directory.
      '/api/writers/user-1': jsonResponse(
        writerProfile({ ...ada, posts: 0, likes: 0, views: 0, comments: 0 }),
      ),
      '/api/writers': jsonResponse({ items: [grace], nextCursor: null }),
    })
    renderProfile()
    const mine = await screen.findByRole('region', { name: 'Your card' })
    expect(await within(mine).findByRole('link', { name: 'Write your first post' })).toHaveAttribute(
      'href',
      '/post',
    )
    expect(within(mine).queryByText('You')).not.toBeInTheDocument()
    expect(within(mine).queryByText('0 posts')).not.toBeInTheDocument()
  })

  it('loads more writers on request', async () => {
    stubFetch({
      '/api/writers': (url) =>
        queryOf(url).cursor === 'c1'
          ? jsonResponse({ items: [tomas], nextCursor: null })
          : jsonResponse({ items: [grace], nextCursor: 'c1' }),
    })
    const { user } = renderProfile()
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Tomás Reyes' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('explains a failure with a way to try again, and says when there are no writers', async () => {
    let fail = true
    stubFetch({
      '/api/writers': () =>
        fail
          ? errorResponse(400, 'bad_request', 'That page link is no longer valid')
          : jsonResponse({ items: [], nextCursor: null }),
    })
    const { user } = renderProfile()
    expect(await screen.findByText('That page link is no longer valid')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No writers yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
  })
})
