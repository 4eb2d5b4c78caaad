import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { renderAt } from '#web/test/render.tsx'
import ResetPassword from './reset-password.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

async function choosePassword(user: ReturnType<typeof renderAt>['user'], password: string, confirm: string) {
  if (password) await user.type(screen.getByLabelText('New password'), password)
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm)
  await user.click(screen.getByRole('button', { name: 'Set new password' }))
}

function expectRequestNewLinkState() {
  expect(screen.getByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password')
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
}

describe('reset-password screen', () => {
  it('without a token, offers to request a new link', () => {
    renderAt(<ResetPassword />, '/reset-password')
    expectRequestNewLinkState()
    expect(document.title).toBe('Reset link not valid · Inkwell')
  })

  it('offers a new link when Better Auth already refused the token on the way here', () => {
    renderAt(<ResetPassword />, '/reset-password?error=INVALID_TOKEN')
    expectRequestNewLinkState()
  })

  it('asks for the new password twice', () => {
    renderAt(<ResetPassword />, '/reset-password?token=abc')
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument()
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password')
  })

  it('refuses passwords that do not match, without calling Better Auth', async () => {
    const { user } = renderAt(<ResetPassword />, '/reset-password?token=abc')
    await choosePassword(user, 'a-new-password', 'a-new-passwort')
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true')
    expect(authClient.resetPassword).not.toHaveBeenCalled()
  })

  it('refuses a password shorter than 8 characters', async () => {
    const { user } = renderAt(<ResetPassword />, '/reset-password?token=abc')
    await choosePassword(user, 'short', 'short')
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument()
    expect(authClient.resetPassword).not.toHaveBeenCalled()
  })

  it('sets the password with the token, confirms it and goes to sign in', async () => {
    authClient.resetPassword.mockResolvedValue(authOk())
    const { user, router } = renderAt(<ResetPassword />, '/reset-password?token=abc')
    await choosePassword(user, 'a-new-password', 'a-new-password')
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument()
    expect(authClient.resetPassword).toHaveBeenCalledWith({ newPassword: 'a-new-password', token: 'abc' })
    expect(router.state.location.pathname).toBe('/login')
  })

  it('turns a refused token into the request-a-new-link state', async () => {
    authClient.resetPassword.mockResolvedValue(
      authFail(400, {
        code: 'bad_request',
        message: 'This link is invalid or has expired. Request a new one.',
        fields: { token: 'This link is invalid or has expired. Request a new one.' },
      }),
    )
    const { user, router } = renderAt(<ResetPassword />, '/reset-password?token=expired')
    await choosePassword(user, 'a-new-password', 'a-new-password')
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeInTheDocument()
    expectRequestNewLinkState()
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    expect(router.state.location.pathname).toBe('/reset-password')
  })

  it('shows other failures above the form and keeps it', async () => {
    authClient.resetPassword.mockResolvedValue(authFail(429))
    const { user } = renderAt(<ResetPassword />, '/reset-password?token=abc')
    await choosePassword(user, 'a-new-password', 'a-new-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts')
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
  })
})
