import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { authClient, authFail, authOk } from '#web/test/fake-auth.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import Login from './login.tsx'
import SignUp from './signup.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

// The one-button ways in beside the e-mail (decision 050): a passkey where the browser does
// WebAuthn, and "Continue with …" for the providers the server says are configured.

const providers = (list: Array<{ id: string; name: string }>) =>
  stubFetch({ '/api/sign-in-options': jsonResponse({ providers: list }) })

/** A browser that does WebAuthn, without the autofill (conditional UI). */
const withWebAuthn = () =>
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(() => {}, { isConditionalMediationAvailable: async () => false }),
  )

describe('continue with a provider', () => {
  it('offers only the configured providers, by their names', async () => {
    providers([
      { id: 'google', name: 'Google' },
      { id: 'oidc', name: 'Riverside School' },
    ])
    renderAt(<Login />, '/login')
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Riverside School' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).not.toBeInTheDocument()
    expect(screen.getByText('or')).toBeInTheDocument()
  })

  it('offers none, and no divider, when none is configured', async () => {
    const fetch = providers([])
    renderAt(<Login />, '/login')
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(screen.queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument()
    expect(screen.queryByText('or')).not.toBeInTheDocument()
  })

  it('starts the provider sign-in: back to the page asked for, a new account to welcome', async () => {
    providers([{ id: 'google', name: 'Google' }])
    authClient.signIn.social.mockResolvedValue(
      authOk({ url: 'https://accounts.google.com/', redirect: true }),
    )
    const { user } = renderAt(<Login />, `/login?redirectTo=${encodeURIComponent('/exams')}`)
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
    expect(authClient.signIn.social).toHaveBeenCalledWith({
      provider: 'google',
      callbackURL: '/exams',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: '/login?redirectTo=%2Fexams&provider=google',
    })
  })

  it('says what to do when the provider sign-in came back refused', async () => {
    providers([{ id: 'oidc', name: 'Riverside School' }])
    renderAt(<Login />, '/login?provider=oidc&error=account_not_linked')
    expect(
      await screen.findByText(
        'An Inkwell account already uses the e-mail of this Riverside School account. Sign in with your password or an e-mail link, then connect Riverside School in Settings → Sign-in methods.',
      ),
    ).toBeInTheDocument()
    // It is not an e-mail link's failure: the password form stays first.
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true')
  })

  it('on sign-up too, including an e-mail the provider has not verified', async () => {
    providers([{ id: 'google', name: 'Google' }])
    renderAt(<SignUp />, '/signup?provider=google&error=provider_email_not_verified')
    expect(
      await screen.findByText(
        "This Google account's e-mail is not verified. Verify it with Google first, or sign up with your e-mail and a password.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
  })
})

describe('sign in with a passkey', () => {
  /** The browser's WebAuthn: a platform passkey answers navigator.credentials.get, or the person cancels. */
  const passkeyAnswers = (answer: 'yes' | 'cancel') => {
    const bytes = (text: string) => new TextEncoder().encode(text).buffer
    const get = vi.fn(async () => {
      if (answer === 'cancel')
        throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')
      return {
        id: 'Y3JlZA',
        rawId: bytes('cred'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: bytes('{}'),
          authenticatorData: bytes('auth'),
          signature: bytes('sig'),
          userHandle: null,
        },
        getClientExtensionResults: () => ({}),
      }
    })
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { credentials: { get } }))
    return get
  }
  const options = authOk({
    challenge: 'Y2hhbGxlbmdl',
    rpId: 'localhost',
    timeout: 60000,
    userVerification: 'preferred',
  })

  it('is offered where the browser does WebAuthn, and signs in with the passkey the browser gives', async () => {
    providers([])
    withWebAuthn()
    const get = passkeyAnswers('yes')
    authClient.passkeySignInOptions.mockResolvedValue(options)
    authClient.verifyPasskeySignIn.mockResolvedValue(authOk({ user: { id: 'user-1' } }))
    const { user } = renderAt(<Login />, '/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await landedAt()).toBe('/dashboard')
    expect(get).toHaveBeenCalledTimes(1)
    expect(authClient.verifyPasskeySignIn).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'Y3JlZA', type: 'public-key' }),
    )
  })

  it("says so when the passkey is not registered here, and when the browser's prompt was cancelled", async () => {
    providers([])
    withWebAuthn()
    passkeyAnswers('yes')
    authClient.passkeySignInOptions.mockResolvedValue(options)
    authClient.verifyPasskeySignIn.mockResolvedValueOnce(
      authFail(401, {
        code: 'unauthorized',
        message:
          'This passkey is not registered here. Sign in with your password or an e-mail link, then add a passkey in Settings.',
      }),
    )
    const { user } = renderAt(<Login />, '/login')
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' })
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered here.')

    passkeyAnswers('cancel')
    await user.click(button)
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Signing in with a passkey was cancelled or timed out. Try again, or use your password or an e-mail link.',
      ),
    )
    // Each attempt answers a challenge of its own.
    expect(authClient.passkeySignInOptions).toHaveBeenCalledTimes(2)
    expect(within(screen.getByRole('tabpanel')).getByLabelText('E-mail')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    )
  })
})
