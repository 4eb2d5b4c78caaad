import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { meBody } from '#web/test/builders.ts'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import { DeleteAccount, DeleteAccountDialog } from './delete-account-dialog.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

describe('DeleteAccountDialog', () => {
  it('keeps the delete button disabled until the password is there and DELETE is typed', async () => {
    const { user } = renderAt(<DeleteAccountDialog onClose={() => {}} />, '/settings')
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    const button = screen.getByRole('button', { name: 'Delete my account' })
    expect(screen.getByLabelText('Password')).toHaveFocus()

    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    expect(button).toBeDisabled() // no password yet
    await user.type(screen.getByLabelText('Password'), 'inkwell-demo')
    expect(button).toBeEnabled()
    await user.clear(screen.getByLabelText('Type DELETE to confirm'))
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete')
    expect(button).toBeDisabled() // the exact word, in capitals
    expect(authClient.deleteUser).not.toHaveBeenCalled()
  })

  it('shows a wrong password under the field and keeps the person here', async () => {
    authClient.deleteUser.mockResolvedValue(
      authFail(400, {
        code: 'bad_request',
        message: 'That password is not correct',
        fields: { password: 'That password is not correct' },
      }),
    )
    const { user, router } = renderAt(<DeleteAccountDialog onClose={() => {}} />, '/settings')

    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))

    expect(await screen.findByText('That password is not correct')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('That password is not correct')
    expect(authClient.deleteUser).toHaveBeenCalledWith({ password: 'wrong-password' })
    expect(router.state.location.pathname).toBe('/settings')
  })

  it('says why a writer with readers cannot close the account here, and where to write instead', async () => {
    const message =
      'Your books have readers who keep what they bought: write to us through the contact page to close your account.'
    authClient.deleteUser.mockResolvedValue(authFail(409, { code: 'conflict', message }))
    const { user, router } = renderAt(<DeleteAccountDialog onClose={() => {}} />, '/settings')

    await user.type(screen.getByLabelText('Password'), 'inkwell-demo')
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(message)
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/contact')
    // Not a password problem, and no toast saying it twice.
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription(message)
    expect(within(screen.getByRole('region', { name: 'Updates' })).queryByRole('alert')).toBeNull()
    expect(router.state.location.pathname).toBe('/settings')
  })

  it('deletes the account with the password, clears the cache and goes home', async () => {
    authClient.deleteUser.mockResolvedValue(authOk({ success: true, message: 'User deleted' }))
    const { user, queryClient } = renderAt(<DeleteAccountDialog onClose={() => {}} />, '/settings')
    queryClient.setQueryData(sessionQueries.me().queryKey, meBody())

    await user.type(screen.getByLabelText('Password'), 'inkwell-demo')
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))

    expect(await landedAt()).toBe('/')
    expect(authClient.deleteUser).toHaveBeenCalledWith({ password: 'inkwell-demo' })
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toBeUndefined()
  })
})

describe('DeleteAccount', () => {
  it('opens the dialog, closes it with Escape and gives focus back to the button', async () => {
    const { user } = renderAt(<DeleteAccount />, '/settings')
    const open = screen.getByRole('button', { name: 'Delete account…' })

    await user.click(open)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(open).toHaveFocus()
  })

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderAt(<DeleteAccount />, '/settings')
    await user.click(screen.getByRole('button', { name: 'Delete account…' }))
    const dialog = screen.getByRole('dialog')

    // Password → confirmation → Cancel (Delete is disabled) → back to Password.
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.tab()
    expect(screen.getByLabelText('Password')).toHaveFocus()
    await user.tab({ shift: true })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  })
})
