import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ADMIN_ID, adminUser } from '#web/test/builders.ts'
import { bodyOf, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { UsersTable } from './users-table.tsx'

const me = adminUser({
  id: ADMIN_ID,
  name: 'Ada Admin',
  email: 'admin@inkwell.test',
  role: 'admin',
  canManage: false,
})
const grace = adminUser({ id: 'u-grace', name: 'Grace Okafor', email: 'grace@inkwell.test' })
const tomas = adminUser({
  id: 'u-tomas',
  name: 'Tomás Reyes',
  email: 'tomas@inkwell.test',
  createdAt: '2025-01-01T00:00:00.000Z',
})

const renderTable = () => renderAt(<UsersTable meId={ADMIN_ID} />).user

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

describe('UsersTable', () => {
  it('marks my own row as "You" and disables its actions, but not anyone else’s', async () => {
    stubFetch({ '/api/admin/users': jsonResponse({ items: [me, grace], nextCursor: null }) })
    renderTable()

    const mine = await screen.findByRole('row', { name: /Ada Admin/ })
    expect(within(mine).getByText('You')).toBeInTheDocument()
    expect(within(mine).getByRole('button', { name: /Remove admin/ })).toBeDisabled()
    expect(within(mine).getByRole('button', { name: /Suspend/ })).toBeDisabled()

    const theirs = rowOf('Grace Okafor')
    expect(within(theirs).queryByText('You')).not.toBeInTheDocument()
    expect(within(theirs).getByRole('button', { name: /Make admin/ })).toBeEnabled()
    expect(within(theirs).getByRole('button', { name: /Suspend/ })).toBeEnabled()
  })

  it('"Load more" asks for the next cursor and appends that page', async () => {
    const fetch = stubFetch({
      '/api/admin/users': (url) =>
        queryOf(url).cursor === 'cursor-2'
          ? jsonResponse({ items: [tomas], nextCursor: null })
          : jsonResponse({ items: [me, grace], nextCursor: 'cursor-2' }),
    })
    const user = renderTable()

    await screen.findByRole('row', { name: /Grace Okafor/ })
    expect(queryOf(fetch.mock.calls[0][0]).cursor).toBeUndefined()
    await user.click(screen.getByRole('button', { name: 'Load more' }))

    expect(await screen.findByRole('row', { name: /Tomás Reyes/ })).toBeInTheDocument()
    expect(queryOf(fetch.mock.calls.at(-1)?.[0])).toMatchObject({ cursor: 'cursor-2' })
    expect(screen.getByRole('row', { name: /Grace Okafor/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.getByText('Showing 3 people')).toBeInTheDocument()
  })

  it('searches once the typing stops, not on every key', async () => {
    const fetch = stubFetch({
      '/api/admin/users': (url) =>
        jsonResponse({ items: queryOf(url).q === 'tom' ? [tomas] : [me, grace, tomas], nextCursor: null }),
    })
    const user = renderTable()
    await screen.findByRole('row', { name: /Grace Okafor/ })

    await user.type(screen.getByRole('searchbox', { name: 'Search users by name or e-mail' }), 'tom')
    await waitFor(() => expect(screen.queryByRole('row', { name: /Grace Okafor/ })).not.toBeInTheDocument())

    const searches = fetch.mock.calls.map(([url]) => queryOf(url).q)
    expect(searches).toEqual([undefined, 'tom'])
    expect(screen.getByRole('row', { name: /Tomás Reyes/ })).toBeInTheDocument()
  })

  it('says so when nobody matches', async () => {
    stubFetch({
      '/api/admin/users': (url) => jsonResponse({ items: queryOf(url).q ? [] : [me], nextCursor: null }),
    })
    const user = renderTable()
    await screen.findByRole('row', { name: /Ada Admin/ })
    await user.type(screen.getByRole('searchbox'), 'nobody')
    expect(await screen.findByText('No one matches “nobody”')).toBeInTheDocument()
  })

  it('makes someone an admin and shows the new role', async () => {
    let graceNow = grace
    const fetch = stubFetch({
      '/api/admin/users': () => jsonResponse({ items: [me, graceNow], nextCursor: null }),
      'PUT /api/admin/users/u-grace/role': (_url, init) => {
        graceNow = { ...grace, role: (bodyOf(init) as { role: 'admin' | 'user' }).role }
        return jsonResponse(graceNow)
      },
    })
    const user = renderTable()
    await user.click(await screen.findByRole('button', { name: 'Make admin: Grace Okafor' }))

    expect(
      await within(rowOf('Grace Okafor')).findByRole('button', { name: /Remove admin/ }),
    ).toBeInTheDocument()
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(bodyOf(put?.[1])).toEqual({ role: 'admin' })
    expect(within(rowOf('Grace Okafor')).getByText('Admin')).toBeInTheDocument()
    expect(await screen.findByText('Grace Okafor is now an admin')).toBeInTheDocument()
  })

  it('suspends with the reason given in the dialog, then offers Restore', async () => {
    let graceNow = grace
    const fetch = stubFetch({
      '/api/admin/users': () => jsonResponse({ items: [me, graceNow], nextCursor: null }),
      'PUT /api/admin/users/u-grace/suspension': (_url, init) => {
        const body = bodyOf(init) as { suspended: boolean; reason?: string }
        graceNow = {
          ...grace,
          banned: body.suspended,
          banReason: body.suspended ? (body.reason ?? null) : null,
        }
        return jsonResponse(graceNow)
      },
    })
    const user = renderTable()
    await user.click(await screen.findByRole('button', { name: 'Suspend: Grace Okafor' }))

    const dialog = screen.getByRole('dialog', { name: 'Suspend Grace Okafor?' })
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Spam in the forums  ')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const row = rowOf('Grace Okafor')
    expect(within(row).getByText('Suspended')).toBeInTheDocument()
    expect(within(row).getByText('Spam in the forums')).toBeInTheDocument()
    expect(await screen.findByText('Grace Okafor is suspended and signed out everywhere')).toBeInTheDocument()
    const suspendCall = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(bodyOf(suspendCall?.[1])).toEqual({ suspended: true, reason: 'Spam in the forums' })

    await user.click(within(row).getByRole('button', { name: 'Restore: Grace Okafor' }))
    await waitFor(() => expect(within(rowOf('Grace Okafor')).getByText('Active')).toBeInTheDocument())
    const restoreCall = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1)
    expect(bodyOf(restoreCall?.[1])).toEqual({ suspended: false })
  })

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true
    stubFetch({
      '/api/admin/users': () =>
        fail
          ? jsonResponse({ error: { code: 'forbidden', message: 'Only admins can see this' } }, 403)
          : jsonResponse({ items: [grace], nextCursor: null }),
    })
    const user = renderTable()
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can see this')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('row', { name: /Grace Okafor/ })).toBeInTheDocument()
  })
})
