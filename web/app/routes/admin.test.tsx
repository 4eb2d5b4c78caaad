import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ADMIN_ID,
  adminUser,
  meBody,
  platformTotals,
  reportItem,
  SUBJECTS_WITH_COUNTS,
} from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Admin from './admin.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const renderAdmin = (path = '/admin') => renderAt(<Admin />, path)

beforeEach(() => {
  fakeAuth.signedIn({ id: ADMIN_ID, name: 'Ada Admin', email: 'admin@inkwell.test' })
  stubFetch({
    '/api/me': jsonResponse(
      meBody({ id: ADMIN_ID, name: 'Ada Admin', email: 'admin@inkwell.test', role: 'admin' }),
    ),
    '/api/admin/totals': jsonResponse(platformTotals()),
    '/api/admin/users': jsonResponse({
      items: [adminUser({ id: ADMIN_ID, name: 'Ada Admin', role: 'admin' }), adminUser()],
      nextCursor: null,
    }),
    '/api/admin/contact-messages': jsonResponse({ items: [], nextCursor: null }),
    '/api/admin/reports': jsonResponse({ items: [], nextCursor: null }),
    '/api/admin/orders': jsonResponse({ items: [], nextCursor: null }),
    '/api/admin/payouts': jsonResponse({ items: [], nextCursor: null }),
    '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
  })
})

describe('Admin screen', () => {
  it('opens on the users tab', async () => {
    renderAdmin()
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toBeInTheDocument()
    expect(await screen.findByRole('row', { name: /Grace Okafor/ })).toBeInTheDocument()
  })

  it('opens on the Totals tab from a link, its counts leading to the tabs where they are handled', async () => {
    const { user, router } = renderAdmin('/admin?tab=totals')
    expect(await screen.findByRole('tab', { name: 'Totals' })).toHaveAttribute('aria-selected', 'true')
    const panel = screen.getByRole('tabpanel', { name: 'Totals' })
    expect(await within(panel).findByText('1,204')).toBeInTheDocument()
    // The open payouts and messages are counted on their tabs too: badges for the eye, said in words here.
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveTextContent('2')
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveTextContent('4')
    await user.click(within(panel).getByRole('link', { name: 'Go to payouts' }))
    expect(router.state.location.search).toBe('?tab=payouts')
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('No open payout requests')).toBeInTheDocument()
  })

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    const { router, user } = renderAdmin()
    const usersTab = await screen.findByRole('tab', { name: 'Users' })
    usersTab.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Totals' })).toHaveFocus()
    expect(router.state.location.search).toBe('?tab=totals')
    await user.keyboard('{ArrowRight}')

    const reportsTab = screen.getByRole('tab', { name: 'Reports' })
    expect(reportsTab).toHaveFocus()
    expect(reportsTab).toHaveAttribute('aria-selected', 'true')
    expect(usersTab).toHaveAttribute('tabindex', '-1')
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?tab=reports')

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveFocus()
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?tab=orders')

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveFocus()
    expect(await screen.findByText('No open payout requests')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?tab=payouts')

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveFocus()
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

  it('has a Notify tab with the broadcast form', async () => {
    const { user } = renderAdmin()
    await user.click(await screen.findByRole('tab', { name: 'Notify' }))
    expect(screen.getByRole('form', { name: 'Send a notification' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send notification' })).toBeInTheDocument()
  })

  it('opens on the Notify tab from a link', async () => {
    renderAdmin('/admin?tab=notify')
    expect(await screen.findByRole('tab', { name: 'Notify' })).toHaveAttribute('aria-selected', 'true')
  })

  it('opens on the Reports tab from a link, with the open reports', async () => {
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: ADMIN_ID, role: 'admin' })),
      '/api/admin/totals': jsonResponse(platformTotals({ openMessages: 0 })),
      '/api/admin/reports': jsonResponse({ items: [reportItem()], nextCursor: null }),
    })
    renderAdmin('/admin?tab=reports')
    expect(await screen.findByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('article', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
  })

  it('opens on the Subjects tab from a link, with every subject', async () => {
    renderAdmin('/admin?tab=subjects')
    expect(await screen.findByRole('tab', { name: 'Subjects' })).toHaveAttribute('aria-selected', 'true')
    const table = await screen.findByRole('table', { name: /Subjects/ })
    expect(within(table).getAllByRole('row')).toHaveLength(SUBJECTS_WITH_COUNTS.length + 1)
    expect(screen.getByRole('button', { name: 'Add subject' })).toBeInTheDocument()
  })
})
