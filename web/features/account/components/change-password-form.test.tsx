import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAccount } from '../test-utils.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'

const auth = vi.hoisted(() => ({ changePassword: vi.fn() }))
vi.mock('#web/lib/auth-client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  authClient: auth,
}))

beforeEach(() => auth.changePassword.mockReset())

async function fill(user: ReturnType<typeof renderAccount>['user'], current: string, next: string) {
  await user.type(screen.getByLabelText('Current password'), current)
  await user.type(screen.getByLabelText('New password'), next)
  await user.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('ChangePasswordForm', () => {
  it('changes the password and signs out the other devices', async () => {
    auth.changePassword.mockResolvedValue({ data: { token: null }, error: null })
    const { user } = renderAccount(<ChangePasswordForm email="grace@inkwell.test" />)

    await fill(user, 'inkwell-demo', 'a-much-better-one')

    await vi.waitFor(() =>
      expect(auth.changePassword).toHaveBeenCalledWith({
        currentPassword: 'inkwell-demo',
        newPassword: 'a-much-better-one',
        revokeOtherSessions: true,
      }),
    )
    await vi.waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''))
  })

  it('shows a wrong current password under that field', async () => {
    auth.changePassword.mockResolvedValue({
      data: null,
      error: { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' },
    })
    const { user } = renderAccount(<ChangePasswordForm email="grace@inkwell.test" />)

    await fill(user, 'not-it', 'a-much-better-one')

    expect(await screen.findByText('That password is not correct')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'That password is not correct',
    )
    expect(screen.getByLabelText('New password')).toHaveValue('a-much-better-one')
  })

  it('checks the shared rules before asking the server', async () => {
    const { user } = renderAccount(<ChangePasswordForm email="grace@inkwell.test" />)

    await fill(user, 'inkwell-demo', 'short')
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'inkwell-demo')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Choose a password different from the current one')).toBeInTheDocument()
    expect(auth.changePassword).not.toHaveBeenCalled()
  })
})
