import { screen, waitFor, within } from '@testing-library/react'
import { Outlet, type RouteObject } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_DROPDOWN_LIMIT } from '#common/constants.ts'
import { notification, notifications } from '#web/test/builders.ts'
import { installFakeEventSource } from '#web/test/fake-event-source.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, landedAt, renderRoutes } from '#web/test/render.tsx'
import { NotificationBell } from './notification-bell.tsx'

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <NotificationBell />
        <p>Elsewhere on the page</p>
        <Outlet />
      </>
    ),
    children: [
      { index: true, element: null },
      { path: '*', element: <LocationProbe /> },
    ],
  },
]

let stream: ReturnType<typeof installFakeEventSource>
beforeEach(() => {
  stream = installFakeEventSource()
})

/** Renders the bell and plays the server's first snapshot. */
function renderBell(snapshot = { items: notifications(2), unreadCount: 2 }) {
  const view = renderRoutes(routes)
  stream.latest().open()
  stream.latest().emit('snapshot', snapshot)
  return view
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ })
/** The state reaches the screen on React Query's next tick. */
const bellNamed = (name: string) => screen.findByRole('button', { name })
const panel = () => screen.getByRole('region', { name: 'Notifications' })

describe('NotificationBell', () => {
  it('opens one stream to the notification endpoint', () => {
    renderBell()
    expect(stream.count()).toBe(1)
    expect(stream.latest().url).toBe('/api/notifications/stream')
  })

  it('shows no badge when nothing is unread', async () => {
    const { user } = renderBell({ items: notifications(2, { isRead: true }), unreadCount: 0 })
    await user.click(bell())
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2)
    expect(bell()).toHaveAccessibleName('Notifications')
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument()
  })

  it('shows the unread count in the badge and in its name, capped at 99+ on screen', async () => {
    renderBell({ items: notifications(3), unreadCount: 3 })
    await bellNamed('Notifications, 3 unread')
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3')

    stream.latest().emit('snapshot', { items: notifications(3), unreadCount: 120 })
    await bellNamed('Notifications, 120 unread')
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+')
  })

  it('lists at most six, newest first, unread ones marked', async () => {
    const { user } = renderBell({ items: notifications(10), unreadCount: 10 })
    await user.click(bell())
    expect(bell()).toHaveAttribute('aria-expanded', 'true')
    const items = within(panel()).getAllByRole('listitem')
    expect(items).toHaveLength(NOTIFICATION_DROPDOWN_LIMIT)
    expect(within(items[0]).getByRole('button')).toHaveAccessibleName(
      'Unread: Notification number 1, 1 min ago',
    )
    expect(within(items[1]).getByRole('button')).toHaveAccessibleName(
      'Unread: Notification number 2, 2 min ago',
    )
    expect(within(panel()).queryByText('Notification number 7')).not.toBeInTheDocument()
    expect(within(panel()).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications')
  })

  it('a created event bumps the badge and the list, without a request', async () => {
    const fetch = stubFetch()
    const { user } = renderBell({ items: [], unreadCount: 0 })
    await user.click(bell())
    expect(within(panel()).getByText('No notifications yet')).toBeInTheDocument()

    const fresh = notification({ message: 'Your book “Tides” sold a copy', kind: 'book_sold' })
    stream.latest().emit('created', { notification: fresh, unreadCount: 1 }, '41')

    await bellNamed('Notifications, 1 unread')
    expect(within(panel()).getByText('Your book “Tides” sold a copy')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('read and cleared events from another tab update the bell', async () => {
    const [first, second] = notifications(2)
    renderBell({ items: [first, second], unreadCount: 2 })
    await bellNamed('Notifications, 2 unread')
    stream.latest().emit('read', { ids: [first.id], unreadCount: 1 }, '42')
    await bellNamed('Notifications, 1 unread')
    stream.latest().emit('cleared', { unreadCount: 0 }, '43')
    await bellNamed('Notifications')
  })

  it('clicking one marks it read and opens its link', async () => {
    const target = notification({ link: '/settings', message: 'Your role changed to admin' })
    const fetch = stubFetch({
      [`POST /api/notifications/${target.id}/read`]: jsonResponse({ ids: [target.id], unreadCount: 0 }),
    })
    const { user } = renderBell({ items: [target], unreadCount: 1 })
    await user.click(bell())
    await user.click(within(panel()).getByRole('button', { name: /Your role changed to admin/ }))

    expect(await landedAt()).toBe('/settings')
    expect(bell()).toHaveAccessibleName('Notifications')
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument()
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(fetch.mock.calls[0][0]).toBe(`/api/notifications/${target.id}/read`)
    expect(fetch.mock.calls[0][1]?.method).toBe('POST')
  })

  it('"Mark all as read" calls the API and clears the badge; it is off when nothing is unread', async () => {
    const fetch = stubFetch({
      'POST /api/notifications/read-all': jsonResponse({
        ids: notifications(2).map((n) => n.id),
        unreadCount: 0,
      }),
    })
    const { user } = renderBell()
    await user.click(bell())
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))

    expect(bell()).toHaveAccessibleName('Notifications')
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(within(panel()).queryByRole('button', { name: /^Unread:/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
    // Focus stays in the open list, on its other action, and the news is said.
    await waitFor(() => expect(within(panel()).getByRole('button', { name: 'Clear all' })).toHaveFocus())
    await waitFor(() =>
      expect(document.getElementById('inkwell-announcer')).toHaveTextContent('All caught up'),
    )
  })

  it('"Clear all" asks first, then deletes them all and shows the empty state', async () => {
    const fetch = stubFetch({ 'DELETE /api/notifications': jsonResponse({ unreadCount: 0 }) })
    const { user } = renderBell()
    await user.click(bell())
    await user.click(screen.getByRole('button', { name: 'Clear all' }))

    const dialog = screen.getByRole('dialog', { name: 'Clear all notifications?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(fetch).not.toHaveBeenCalled()
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear notifications' }))

    expect(await within(panel()).findByText('No notifications yet')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch.mock.calls[0][1]?.method).toBe('DELETE')
    expect(bell()).toHaveAccessibleName('Notifications')
  })

  it('closes on Escape (focus back on the bell) and on a click elsewhere', async () => {
    const { user } = renderBell()
    await user.click(bell())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument()
    expect(bell()).toHaveFocus()
    expect(bell()).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard('{Enter}')
    expect(panel()).toBeInTheDocument()
    await user.tab()
    expect(within(panel()).getAllByRole('button')[0]).toHaveFocus()
    await user.click(screen.getByText('Elsewhere on the page'))
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument()
  })

  it('closes its stream when it goes away (sign-out)', () => {
    const { unmount } = renderBell()
    const source = stream.latest()
    unmount()
    expect(source.readyState).toBe(2)
  })
})
