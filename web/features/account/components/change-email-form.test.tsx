import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { renderAt } from '#web/test/render.tsx'
import { ChangeEmailForm } from './change-email-form.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

describe('ChangeEmailForm', () => {
  it('asks a verified address to approve the change, and comes back to settings', async () => {
    authClient.changeEmail.mockResolvedValue(authOk())
    const { user } = renderAt(
      <ChangeEmailForm me={meBody({ email: 'grace@inkwell.test', emailVerified: true })} />,
    )

    await user.type(screen.getByLabelText('New e-mail'), ' Grace@Example.com ')
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }))

    expect(await screen.findByText(/We sent a confirmation link to grace@inkwell.test/)).toBeInTheDocument()
    expect(authClient.changeEmail).toHaveBeenCalledWith({
      newEmail: 'grace@example.com',
      callbackURL: '/settings',
    })
  })

  it('explains that an unverified address changes at once', async () => {
    authClient.changeEmail.mockResolvedValue(authOk())
    const { user } = renderAt(<ChangeEmailForm me={meBody({ emailVerified: false })} />)
    expect(screen.getByLabelText('New e-mail')).toHaveAccessibleDescription(/changes right away/)

    await user.type(screen.getByLabelText('New e-mail'), 'new@example.com')
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }))
    expect(await screen.findByText(/it is now your sign-in address/)).toBeInTheDocument()
  })

  it("shows the server's refusal under the field", async () => {
    authClient.changeEmail.mockResolvedValue(
      authFail(400, { code: 'bad_request', message: 'Email is the same' }),
    )
    const { user } = renderAt(<ChangeEmailForm me={meBody({ email: 'ada@example.com' })} />)

    await user.type(screen.getByLabelText('New e-mail'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }))
    expect(await screen.findByText('Email is the same')).toBeInTheDocument()
    expect(screen.getByLabelText('New e-mail')).toHaveAccessibleDescription('Email is the same')
  })
})
