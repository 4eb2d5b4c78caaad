import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { adminUser, ME_ID } from '#web/features/admin/testing.ts'
import {
  fakeAuth,
  jsonResponse,
  meBody,
  renderRoutes,
  spyOnConsoleError,
  stubFetch,
  unexpectedConsoleErrors,
} from '#web/test/render.tsx'
import Admin from './admin.tsx'

vi.mock('#web/lib/auth-client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  authClient: (await import('#web/test/render.tsx')).fakeAuthClient,
}))

const renderAdmin = (path = '/admin') => renderRoutes([{ path: '/admin', Component: Admin }], path)

let consoleError: MockInstance
beforeEach(() => {
  consoleError = spyOnConsoleError()
  fakeAuth.signedIn({ id: ME_ID, name: 'Ada Admin', email: 'admin@inkwell.test' })
  stubFetch({
    '/api/me': jsonResponse(
      meBody({ id: ME_ID, name: 'Ada Admin', email: 'admin@inkwell.test', role: 'admin' }),
    ),
    '/api/admin/totals': jsonResponse({ users: 1204, admins: 3, suspended: 2, openMessages: 4 }),
    '/api/admin/users': jsonResponse({
      items: [adminUser({ id: ME_ID, name: 'Ada Admin', role: 'admin' }), adminUser()],
      nextCursor: null,
    }),
    '/api/admin/contact-messages': jsonResponse({ items: [], nextCursor: null }),
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  fakeAuth.reset()
  expect(unexpectedConsoleErrors(consoleError)).toEqual([])
  consoleError.mockRestore()
})

describe('Admin screen', () => {
  it('shows the platform totals and the users tab first', async () => {
    renderAdmin()
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument()
    const totals = screen.getByRole('region', { name: 'Platform totals' })
    expect(await within(totals).findByText('1,204')).toBeInTheDocument()
    expect(within(totals).getByText('Open messages').closest('div')).toHaveTextContent('4')

    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toBeInTheDocument()
    expect(await screen.findByRole('row', { name: /Grace Okafor/ })).toBeInTheDocument()
  })

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    const user = userEvent.setup()
    const { router } = renderAdmin()
    const usersTab = await screen.findByRole('tab', { name: 'Users' })
    usersTab.focus()
    await user.keyboard('{ArrowRight}')

    const messagesTab = screen.getByRole('tab', { name: 'Messages' })
    expect(messagesTab).toHaveFocus()
    expect(messagesTab).toHaveAttribute('aria-selected', 'true')
    expect(usersTab).toHaveAttribute('tabindex', '-1')
    expect(await screen.findByText('No open messages')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?tab=messages')

    await user.keyboard('{Home}')
    expect(usersTab).toHaveFocus()
    expect(router.state.location.search).toBe('')
  })

  it('opens on the messages tab from a link', async () => {
    renderAdmin('/admin?tab=messages')
    expect(await screen.findByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('radio', { name: 'Open' })).toBeChecked()
  })
})
