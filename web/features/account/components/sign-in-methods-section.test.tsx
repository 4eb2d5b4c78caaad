import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SignInMethods } from '#common/schemas/sign-in-methods.ts'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { SignInMethodsSection } from './sign-in-methods-section.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString()
const methods = (over: Partial<SignInMethods> = {}): SignInMethods => ({
  password: true,
  passkeys: [{ id: 'pk-1', name: 'Work laptop', createdAt: '2026-11-20T10:00:00.000Z', backedUp: true }],
  accounts: [{ id: 'acc-1', providerId: 'github', name: 'GitHub', createdAt: '2026-11-21T10:00:00.000Z' }],
  available: [{ id: 'google', name: 'Google' }],
  freshUntil: inTenMinutes(),
  ...over,
})
const serve = (body: SignInMethods) => stubFetch({ '/api/me/sign-in-methods': jsonResponse(body) })
const withWebAuthn = () => vi.stubGlobal('PublicKeyCredential', () => {})

describe('Settings → Sign-in methods', () => {
  it('lists the password, each passkey and each connected account, and what can be connected', async () => {
    serve(methods())
    withWebAuthn()
    renderAt(<SignInMethodsSection email="grace@inkwell.test" />, '/settings')
    expect(await screen.findByText('Work laptop', { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByText('Added 20 Nov 2026 · synced')).toBeInTheDocument()
    expect(screen.getByText('Change it in the Password section above.')).toBeInTheDocument()
    expect(screen.getByText('Connected 21 Nov 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rename Work laptop' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Disconnect GitHub' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument()
  })

  it('adds a passkey at once after a recent sign-in', async () => {
    serve(methods({ passkeys: [] }))
    withWebAuthn()
    authClient.addPasskey.mockResolvedValue(authOk({ id: 'pk-2' }))
    const { user } = renderAt(<SignInMethodsSection email="grace@inkwell.test" />, '/settings')
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    await vi.waitFor(() => expect(authClient.addPasskey).toHaveBeenCalledWith({ name: expect.any(String) }))
    expect(
      await screen.findByText('Passkey added. Next time, sign in with it: no password needed.'),
    ).toBeInTheDocument()
  })

  it('asks for the password first when the sign-in is not recent, then goes on', async () => {
    serve(methods({ freshUntil: null }))
    withWebAuthn()
    authClient.signIn.email.mockResolvedValue(authOk({ user: { id: 'user-1' } }))
    authClient.addPasskey.mockResolvedValue(authOk({ id: 'pk-2' }))
    const { user } = renderAt(<SignInMethodsSection email="grace@inkwell.test" />, '/settings')
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    expect(authClient.addPasskey).not.toHaveBeenCalled()
    await user.type(within(dialog).getByLabelText('Password'), 'inkwell-demo')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(authClient.signIn.email).toHaveBeenCalledWith({
      email: 'grace@inkwell.test',
      password: 'inkwell-demo',
    })
    await vi.waitFor(() => expect(authClient.addPasskey).toHaveBeenCalled())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('offers an e-mail link to confirm when there is no password', async () => {
    serve(methods({ password: false, freshUntil: null }))
    authClient.signIn.magicLink.mockResolvedValue(authOk())
    const { user } = renderAt(<SignInMethodsSection email="grace@inkwell.test" />, '/settings')
    expect(await screen.findByRole('link', { name: 'Set a password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await user.click(screen.getByRole('button', { name: 'Connect Google' }))
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    await user.click(within(dialog).getByRole('button', { name: 'E-mail me a sign-in link' }))
    expect(authClient.signIn.magicLink).toHaveBeenCalledWith({
      email: 'grace@inkwell.test',
      callbackURL: '/settings#sign-in-methods',
    })
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We sent a sign-in link to grace@inkwell.test',
    )
    expect(authClient.linkSocial).not.toHaveBeenCalled()
  })

  it('removes a passkey once confirmed, and says why the last way to sign in stays', async () => {
    serve(methods())
    authClient.removePasskey.mockResolvedValue(
      authFail(409, {
        code: 'conflict',
        message:
          'This is your only way to sign in. Add a passkey or connect another account before you remove it.',
      }),
    )
    const { user } = renderAt(<SignInMethodsSection email="grace@inkwell.test" />, '/settings')
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove Work laptop?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(authClient.removePasskey).toHaveBeenCalledWith({ id: 'pk-1' })
    expect(
      await screen.findByText(
        'This is your only way to sign in. Add a passkey or connect another account before you remove it.',
      ),
    ).toBeInTheDocument()
  })

  it('says why connecting a provider did not work, back from it', async () => {
    serve(methods())
    renderAt(
      <SignInMethodsSection email="grace@inkwell.test" />,
      '/settings?provider=google&error=account_already_linked_to_different_user',
    )
    expect(
      await screen.findByText(
        'This Google account is already connected to another Inkwell account. Sign in to that account and remove it there first.',
      ),
    ).toBeInTheDocument()
  })
})
