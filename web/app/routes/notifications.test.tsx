import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody, notification, notifications } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import Notifications from './notifications.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const renderPage = () => renderAt(<Notifications />, '/notifications')

const [newest, older] = notifications(2)
const readOne = notification({
  id: '0b7a4c6e-0000-4000-8000-0000000000aa',
  message: 'Your payout of $42.00 was paid',
  isRead: true,
  link: null,
})

/** A server that filters on ?filter= and pages on ?cursor= like the real one. */
function notificationsServer(all: () => ReturnType<typeof notifications>) {
  return (url: string) => {
    const { filter, cursor } = queryOf(url)
    const items = all().filter((n) => filter !== 'unread' || !n.isRead)
    const unreadCount = all().filter((n) => !n.isRead).length
    if (!cursor && items.length > 2)
      return jsonResponse({ items: items.slice(0, 2), nextCursor: 'cursor-2', unreadCount })
    return jsonResponse({ items: cursor ? items.slice(2) : items, nextCursor: null, unreadCount })
  }
}

function signedIn(routes: Parameters<typeof stubFetch>[0] = {}) {
  fakeAuth.signedIn()
  return stubFetch({ '/api/me': jsonResponse(meBody()), ...routes })
}

describe('Notifications screen', () => {
  it('asks a signed-out visitor to sign in, and comes back here after', async () => {
    const fetch = stubFetch()
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fnotifications',
    )
    expect(document.title).toBe('Notifications · Inkwell')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('lists every notification newest first, and loads more with the cursor', async () => {
    const third = notification({ id: '0b7a4c6e-0000-4000-8000-0000000000bb', message: 'The oldest one' })
    const fetch = signedIn({ '/api/notifications': notificationsServer(() => [newest, older, third]) })
    const { user } = renderPage()

    const list = await screen.findByRole('list', { name: 'All notifications' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Notification number 1'),
      expect.stringContaining('Notification number 2'),
    ])
    expect(screen.getByText('3 unread')).toBeInTheDocument()
    expect(queryOf(callsToList(fetch)[0][0])).toMatchObject({ filter: 'all' })

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('The oldest one')).toBeInTheDocument()
    expect(queryOf(callsToList(fetch).at(-1)?.[0])).toMatchObject({ cursor: 'cursor-2', filter: 'all' })
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('filters the unread ones', async () => {
    const fetch = signedIn({ '/api/notifications': notificationsServer(() => [newest, readOne]) })
    const { user } = renderPage()
    expect(await screen.findByText('Your payout of $42.00 was paid')).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Unread' }))
    const list = await screen.findByRole('list', { name: 'Unread notifications' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(within(list).getByText('Notification number 1')).toBeInTheDocument()
    expect(queryOf(callsToList(fetch).at(-1)?.[0])).toMatchObject({ filter: 'unread' })
  })

  it('says when there is nothing, and when everything is read', async () => {
    signedIn({ '/api/notifications': notificationsServer(() => [readOne]) })
    const { user } = renderPage()
    await screen.findByText('Your payout of $42.00 was paid')
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
    await user.click(screen.getByRole('tab', { name: 'Unread' }))
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument()
  })

  it('shows the empty state for a new account', async () => {
    signedIn({ '/api/notifications': notificationsServer(() => []) })
    renderPage()
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled()
  })

  it('clicking one marks it read and opens its link', async () => {
    let current = [newest]
    const fetch = signedIn({
      '/api/notifications': notificationsServer(() => current),
      [`POST /api/notifications/${newest.id}/read`]: () => {
        current = [{ ...newest, isRead: true }]
        return jsonResponse({ ids: [newest.id], unreadCount: 0 })
      },
    })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Unread: Notification number 1, 1 min ago' }))
    expect(await landedAt()).toBe(newest.link)
    expect(
      fetch.mock.calls.some(([url, init]) => String(url).endsWith('/read') && init?.method === 'POST'),
    ).toBe(true)
  })

  it('"Mark all as read" and "Clear all" call the API and the list follows', async () => {
    let current = [newest, older]
    const fetch = signedIn({
      '/api/notifications': notificationsServer(() => current),
      'POST /api/notifications/read-all': () => {
        current = current.map((n) => ({ ...n, isRead: true }))
        return jsonResponse({ ids: [newest.id, older.id], unreadCount: 0 })
      },
      'DELETE /api/notifications': () => {
        current = []
        return jsonResponse({ unreadCount: 0 })
      },
    })
    const { user } = renderPage()
    await screen.findByText('2 unread')
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByText('Nothing unread')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Unread:/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear notifications' }))
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
    const methods = fetch.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`,
    )
    expect(methods).toContain('POST /api/notifications/read-all')
    expect(methods).toContain('DELETE /api/notifications')
  })

  it('offers to try again when the list fails to load', async () => {
    let fail = true
    signedIn({
      '/api/notifications': (url) =>
        fail
          ? jsonResponse({ error: { code: 'bad_request', message: 'The cursor is not valid' } }, 400)
          : notificationsServer(() => [newest])(url),
    })
    const { user } = renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('The cursor is not valid')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByText('Notification number 1')).toBeInTheDocument())
  })
})

function callsToList(fetch: ReturnType<typeof stubFetch>) {
  return fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/notifications?'))
}
