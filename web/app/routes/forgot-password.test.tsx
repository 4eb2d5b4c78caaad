import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { renderAt } from '#web/test/render.tsx'
import ForgotPassword from './forgot-password.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

describe('forgot-password screen', () => {
  it('validates the e-mail before asking for a link', async () => {
    const { user } = renderAt(<ForgotPassword />, '/forgot-password')
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
    await user.type(screen.getByLabelText('E-mail'), 'grace.inkwell.test')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
    expect(authClient.requestPasswordReset).not.toHaveBeenCalled()
  })

  it('asks Better Auth for a reset link to /reset-password, then says to check the inbox', async () => {
    authClient.requestPasswordReset.mockResolvedValue(authOk())
    const { user } = renderAt(<ForgotPassword />, '/forgot-password')
    await user.type(screen.getByLabelText('E-mail'), 'Grace@Inkwell.test')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })
    expect(heading).toHaveFocus()
    expect(authClient.requestPasswordReset).toHaveBeenCalledWith({
      email: 'grace@inkwell.test',
      redirectTo: '/reset-password',
    })
    // Worded so it never confirms that an account exists.
    expect(screen.getByRole('status')).toHaveTextContent('If an Inkwell account uses grace@inkwell.test')
    expect(screen.getByRole('status')).toHaveTextContent('1 hour')
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument()
  })

  it('goes back to the form with the e-mail kept', async () => {
    authClient.requestPasswordReset.mockResolvedValue(authOk())
    const { user } = renderAt(<ForgotPassword />, '/forgot-password')
    await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    await user.click(await screen.findByRole('button', { name: 'Try a different e-mail' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toHaveFocus()
    expect(screen.getByLabelText('E-mail')).toHaveValue('grace@inkwell.test')
  })

  it('shows a refusal above the form and stays on it', async () => {
    authClient.requestPasswordReset.mockResolvedValue(authFail(429))
    const { user } = renderAt(<ForgotPassword />, '/forgot-password')
    await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    )
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument()
  })
})
