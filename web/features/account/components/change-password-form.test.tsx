import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { renderAt } from '#web/test/render.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

async function fill(user: ReturnType<typeof renderAt>['user'], current: string, next: string) {
  await user.type(screen.getByLabelText('Current password'), current)
  await user.type(screen.getByLabelText('New password'), next)
  await user.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('ChangePasswordForm', () => {
  it('changes the password and signs out the other devices', async () => {
    authClient.changePassword.mockResolvedValue(authOk({ token: null }))
    const { user } = renderAt(<ChangePasswordForm email="grace@inkwell.test" />)

    await fill(user, 'inkwell-demo', 'a-much-better-one')

    await vi.waitFor(() =>
      expect(authClient.changePassword).toHaveBeenCalledWith({
        currentPassword: 'inkwell-demo',
        newPassword: 'a-much-better-one',
        revokeOtherSessions: true,
      }),
    )
    await vi.waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''))
  })

  it('shows a wrong current password under that field', async () => {
    authClient.changePassword.mockResolvedValue(
      authFail(400, {
        code: 'bad_request',
        message: 'That password is not correct',
        fields: { currentPassword: 'That password is not correct' },
      }),
    )
    const { user } = renderAt(<ChangePasswordForm email="grace@inkwell.test" />)

    await fill(user, 'not-it', 'a-much-better-one')

    expect(await screen.findByText('That password is not correct')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'That password is not correct',
    )
    expect(screen.getByLabelText('New password')).toHaveValue('a-much-better-one')
  })

  it('checks the shared rules before asking the server', async () => {
    const { user } = renderAt(<ChangePasswordForm email="grace@inkwell.test" />)

    await fill(user, 'inkwell-demo', 'short')
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'inkwell-demo')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Choose a password different from the current one')).toBeInTheDocument()
    expect(authClient.changePassword).not.toHaveBeenCalled()
  })
})
