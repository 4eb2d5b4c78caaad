import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  authFail,
  authOk,
  ME,
  mockedAuth,
  renderScreen,
  resetAuthClient,
  startSignedIn,
} from '#web/features/auth/testing.tsx'
import { ME_QUERY_KEY } from '#web/lib/session.ts'
import Login from './login.tsx'

vi.mock('#web/lib/auth-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#web/lib/auth-client.ts')>()
  const { fakeAuthClient } = await import('#web/features/auth/fake-auth-client.ts')
  return { ...actual, authClient: fakeAuthClient() }
})

const auth = mockedAuth()

beforeEach(() => resetAuthClient())

async function fillPasswordForm(
  user: ReturnType<typeof renderScreen>['user'],
  email: string,
  password: string,
) {
  await user.type(screen.getByLabelText('E-mail'), email)
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('login screen', () => {
  it('offers both ways to sign in and the links around them', () => {
    renderScreen(Login, '/login')
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Inkwell' })).toBeInTheDocument()
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Password', 'E-mail link'])
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Password')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup')
    expect(document.title).toBe('Sign in · Inkwell')
  })

  it('shows field errors for an empty form without calling Better Auth', async () => {
    const { user } = renderScreen(Login, '/login')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument()
    expect(screen.getByText('Enter your password')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-mail')).toHaveFocus()
    expect(auth.signIn.email).not.toHaveBeenCalled()
  })

  it('refuses an invalid e-mail address without calling Better Auth', async () => {
    const { user } = renderScreen(Login, '/login')
    await fillPasswordForm(user, 'grace@', 'inkwell-demo')
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
    expect(auth.signIn.email).not.toHaveBeenCalled()
  })

  it('signs in, refreshes the profile and goes to the page that asked for sign-in', async () => {
    auth.signIn.email.mockResolvedValue(authOk({ user: { id: ME.id } }))
    const { user, location, queryClient } = renderScreen(
      Login,
      `/login?redirectTo=${encodeURIComponent('/exams?subject=physics')}`,
      {
        beforeRender: (qc) => qc.setQueryData(ME_QUERY_KEY, ME),
      },
    )
    await fillPasswordForm(user, '  Grace@Inkwell.TEST ', 'inkwell-demo')

    expect(
      await screen.findByRole('heading', { name: 'Arrived at /exams?subject=physics' }),
    ).toBeInTheDocument()
    expect(location().pathname).toBe('/exams')
    // The e-mail goes as the shared schema normalises it.
    expect(auth.signIn.email).toHaveBeenCalledWith({ email: 'grace@inkwell.test', password: 'inkwell-demo' })
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true)
  })

  it('goes to the dashboard when there is no redirect, or when it points off-site', async () => {
    auth.signIn.email.mockResolvedValue(authOk())
    const { user } = renderScreen(Login, `/login?redirectTo=${encodeURIComponent('//evil.example/phish')}`)
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('heading', { name: 'Arrived at /dashboard' })).toBeInTheDocument()
  })

  it('shows what went wrong above the form and stays on the screen', async () => {
    auth.signIn.email.mockResolvedValue(
      authFail({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 }),
    )
    const { user, location } = renderScreen(Login, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'wrong-password')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That e-mail and password do not match an account',
    )
    expect(location().pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('tells people who tried too often to wait', async () => {
    auth.signIn.email.mockResolvedValue(authFail({ message: 'Too many requests', status: 429 }))
    const { user } = renderScreen(Login, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    )
  })

  it('says so when Inkwell cannot be reached', async () => {
    auth.signIn.email.mockRejectedValue(new TypeError('Failed to fetch'))
    const { user } = renderScreen(Login, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Inkwell cannot be reached')
  })

  it('shows the button as busy while signing in', async () => {
    let answer: (value: unknown) => void = () => {}
    auth.signIn.email.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { user } = renderScreen(Login, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    const busy = await screen.findByRole('button', { name: 'Signing in…' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    answer(authOk())
    expect(await screen.findByRole('heading', { name: 'Arrived at /dashboard' })).toBeInTheDocument()
  })

  it('keeps the redirect when sending a newcomer to sign up', () => {
    renderScreen(Login, `/login?redirectTo=${encodeURIComponent('/forum/physics')}`)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${encodeURIComponent('/forum/physics')}`,
    )
  })

  it('sends someone already signed in straight on', async () => {
    renderScreen(Login, '/login?redirectTo=%2Fsettings', { beforeRender: startSignedIn })
    expect(await screen.findByRole('heading', { name: 'Arrived at /settings' })).toBeInTheDocument()
    expect(auth.signIn.email).not.toHaveBeenCalled()
  })

  describe('with an e-mail link', () => {
    it('sends a link that lands on the redirect target, then says to check the inbox', async () => {
      auth.signIn.magicLink.mockResolvedValue(authOk())
      const { user } = renderScreen(Login, `/login?redirectTo=${encodeURIComponent('/forum/physics')}`)
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument()

      await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))

      const status = await screen.findByRole('status')
      expect(within(status).getByRole('heading', { name: 'Check your inbox' })).toHaveFocus()
      expect(status).toHaveTextContent('grace@inkwell.test')
      expect(status).toHaveTextContent('5 minutes')
      expect(auth.signIn.magicLink).toHaveBeenCalledWith({
        email: 'grace@inkwell.test',
        callbackURL: '/forum/physics',
        errorCallbackURL: `/login?redirectTo=${encodeURIComponent('/forum/physics')}`,
      })
    })

    it('validates the e-mail before sending anything', async () => {
      const { user } = renderScreen(Login, '/login')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      await user.type(screen.getByLabelText('E-mail'), 'not-an-address')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))
      expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
      expect(auth.signIn.magicLink).not.toHaveBeenCalled()
    })

    it('lets the person try again with another e-mail', async () => {
      auth.signIn.magicLink.mockResolvedValue(authOk())
      const { user } = renderScreen(Login, '/login')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))
      await user.click(await screen.findByRole('button', { name: /use a different e-mail/ }))
      expect(screen.getByLabelText('E-mail')).toHaveValue('grace@inkwell.test')
      expect(screen.getByLabelText('E-mail')).toHaveFocus()
      expect(auth.signIn.magicLink).toHaveBeenCalledTimes(1)
    })

    it('keeps the e-mail typed in the password form', async () => {
      const { user } = renderScreen(Login, '/login')
      await user.type(screen.getByLabelText('E-mail'), 'ada@inkwell.test')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      expect(screen.getByLabelText('E-mail')).toHaveValue('ada@inkwell.test')
    })

    it('moves between the tabs with the arrow keys', async () => {
      const { user } = renderScreen(Login, '/login')
      await user.click(screen.getByRole('tab', { name: 'Password' }))
      await user.keyboard('{ArrowRight}')
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveFocus()
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeInTheDocument()
      await user.keyboard('{ArrowRight}')
      expect(screen.getByRole('tab', { name: 'Password' })).toHaveFocus()
    })

    it('explains a link that no longer works and opens the e-mail link form', async () => {
      renderScreen(Login, '/login?redirectTo=%2Fdashboard&error=INVALID_TOKEN')
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.getByRole('alert')).toHaveTextContent('That sign-in link has expired or was already used')
    })

    it('shows a failure to send above the form', async () => {
      auth.signIn.magicLink.mockResolvedValue(authFail({ message: 'Too many requests', status: 429 }))
      const { user } = renderScreen(Login, '/login')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts')
      expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument()
    })
  })
})

describe('leaving the login screen', () => {
  it('reads the session again before going to a signed-in screen, so its guard lets the person in', async () => {
    auth.signIn.email.mockResolvedValue(authOk())
    let sessionRead: () => void = () => {}
    const refetch = vi.fn(() => new Promise<void>((resolve) => (sessionRead = resolve)))
    auth.useSession.mockImplementation(() => ({
      data: null,
      error: null,
      isPending: false,
      isRefetching: false,
      refetch,
    }))
    const { user, location } = renderScreen(Login, '/login?redirectTo=%2Fwelcome')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')

    await waitFor(() => expect(refetch).toHaveBeenCalled())
    expect(location().pathname).toBe('/login')
    sessionRead()
    expect(await screen.findByRole('heading', { name: 'Arrived at /welcome' })).toBeInTheDocument()
  })
})
