import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { meBody } from '#web/test/builders.ts'
import { authClient, authFail, authOk, fakeAuth } from '#web/test/fake-auth.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import Login from './login.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

async function fillPasswordForm(user: ReturnType<typeof renderAt>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('E-mail'), email)
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('login screen', () => {
  it('offers both ways to sign in and the links around them', () => {
    renderAt(<Login />, '/login')
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
    const { user } = renderAt(<Login />, '/login')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument()
    expect(screen.getByText('Enter your password')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-mail')).toHaveFocus()
    expect(authClient.signIn.email).not.toHaveBeenCalled()
  })

  it('refuses an invalid e-mail address without calling Better Auth', async () => {
    const { user } = renderAt(<Login />, '/login')
    await fillPasswordForm(user, 'grace@', 'inkwell-demo')
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
    expect(authClient.signIn.email).not.toHaveBeenCalled()
  })

  it('signs in, refreshes the profile and goes to the page that asked for sign-in', async () => {
    authClient.signIn.email.mockResolvedValue(authOk({ user: { id: 'user-1' } }))
    const { user, router, queryClient } = renderAt(
      <Login />,
      `/login?redirectTo=${encodeURIComponent('/exams?subject=physics')}`,
    )
    queryClient.setQueryData(sessionQueries.me().queryKey, meBody())
    await fillPasswordForm(user, '  Grace@Inkwell.TEST ', 'inkwell-demo')

    expect(await landedAt()).toBe('/exams?subject=physics')
    expect(router.state.location.pathname).toBe('/exams')
    // The e-mail goes as the shared schema normalises it.
    expect(authClient.signIn.email).toHaveBeenCalledWith({
      email: 'grace@inkwell.test',
      password: 'inkwell-demo',
    })
    expect(queryClient.getQueryState(sessionQueries.me().queryKey)?.isInvalidated).toBe(true)
  })

  it('goes to the dashboard when there is no redirect, or when it points off-site', async () => {
    authClient.signIn.email.mockResolvedValue(authOk())
    const { user } = renderAt(<Login />, `/login?redirectTo=${encodeURIComponent('//evil.example/phish')}`)
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await landedAt()).toBe('/dashboard')
  })

  it('shows what went wrong above the form and stays on the screen', async () => {
    authClient.signIn.email.mockResolvedValue(
      authFail(401, {
        code: 'unauthorized',
        message: 'That e-mail and password do not match an account. Check them and try again.',
      }),
    )
    const { user, router } = renderAt(<Login />, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'wrong-password')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That e-mail and password do not match an account',
    )
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('tells people who tried too often to wait', async () => {
    authClient.signIn.email.mockResolvedValue(authFail(429))
    const { user } = renderAt(<Login />, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    )
  })

  it('says when to try again, as the server worked it out', async () => {
    authClient.signIn.email.mockResolvedValue({
      data: null,
      error: {
        status: 429,
        statusText: 'Too Many Requests',
        error: { code: 'rate_limited', message: 'Too many attempts. Try again in 2 minutes.' },
      },
    })
    const { user } = renderAt(<Login />, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.')
  })

  it('says so when Inkwell cannot be reached', async () => {
    authClient.signIn.email.mockRejectedValue(new TypeError('Failed to fetch'))
    const { user } = renderAt(<Login />, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Inkwell cannot be reached')
  })

  it('shows the button as busy while signing in', async () => {
    let answer: (value: unknown) => void = () => {}
    authClient.signIn.email.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { user } = renderAt(<Login />, '/login')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')
    const busy = await screen.findByRole('button', { name: 'Signing in…' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    answer(authOk())
    expect(await landedAt()).toBe('/dashboard')
  })

  it('keeps the redirect when sending a newcomer to sign up', () => {
    renderAt(<Login />, `/login?redirectTo=${encodeURIComponent('/forum/physics')}`)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${encodeURIComponent('/forum/physics')}`,
    )
  })

  it('sends someone already signed in straight on', async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me': jsonResponse(meBody()) })
    renderAt(<Login />, '/login?redirectTo=%2Fsettings')
    expect(await landedAt()).toBe('/settings')
    expect(authClient.signIn.email).not.toHaveBeenCalled()
  })

  describe('with an e-mail link', () => {
    it('sends a link that lands on the redirect target, then says to check the inbox', async () => {
      authClient.signIn.magicLink.mockResolvedValue(authOk())
      const { user } = renderAt(<Login />, `/login?redirectTo=${encodeURIComponent('/forum/physics')}`)
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument()

      await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))

      const status = await screen.findByRole('status')
      expect(within(status).getByRole('heading', { name: 'Check your inbox' })).toHaveFocus()
      expect(status).toHaveTextContent('grace@inkwell.test')
      expect(status).toHaveTextContent('5 minutes')
      expect(authClient.signIn.magicLink).toHaveBeenCalledWith({
        email: 'grace@inkwell.test',
        callbackURL: '/forum/physics',
        errorCallbackURL: `/login?redirectTo=${encodeURIComponent('/forum/physics')}`,
      })
    })

    it('validates the e-mail before sending anything', async () => {
      const { user } = renderAt(<Login />, '/login')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      await user.type(screen.getByLabelText('E-mail'), 'not-an-address')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))
      expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
      expect(authClient.signIn.magicLink).not.toHaveBeenCalled()
    })

    it('lets the person try again with another e-mail', async () => {
      authClient.signIn.magicLink.mockResolvedValue(authOk())
      const { user } = renderAt(<Login />, '/login')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      await user.type(screen.getByLabelText('E-mail'), 'grace@inkwell.test')
      await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))
      await user.click(await screen.findByRole('button', { name: /use a different e-mail/ }))
      expect(screen.getByLabelText('E-mail')).toHaveValue('grace@inkwell.test')
      expect(screen.getByLabelText('E-mail')).toHaveFocus()
      expect(authClient.signIn.magicLink).toHaveBeenCalledTimes(1)
    })

    it('keeps the e-mail typed in the password form', async () => {
      const { user } = renderAt(<Login />, '/login')
      await user.type(screen.getByLabelText('E-mail'), 'ada@inkwell.test')
      await user.click(screen.getByRole('tab', { name: 'E-mail link' }))
      expect(screen.getByLabelText('E-mail')).toHaveValue('ada@inkwell.test')
    })

    it('moves between the tabs with the arrow keys', async () => {
      const { user } = renderAt(<Login />, '/login')
      await user.click(screen.getByRole('tab', { name: 'Password' }))
      await user.keyboard('{ArrowRight}')
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveFocus()
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeInTheDocument()
      await user.keyboard('{ArrowRight}')
      expect(screen.getByRole('tab', { name: 'Password' })).toHaveFocus()
    })

    it('explains a link that no longer works and opens the e-mail link form', async () => {
      renderAt(<Login />, '/login?redirectTo=%2Fdashboard&error=INVALID_TOKEN')
      expect(screen.getByRole('tab', { name: 'E-mail link' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.getByRole('alert')).toHaveTextContent('That sign-in link has expired or was already used')
    })

    it('shows a failure to send above the form', async () => {
      authClient.signIn.magicLink.mockResolvedValue(authFail(429))
      const { user } = renderAt(<Login />, '/login')
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
    authClient.signIn.email.mockResolvedValue(authOk())
    let sessionRead: () => void = () => {}
    fakeAuth.refetch.mockImplementation(() => new Promise<void>((resolve) => (sessionRead = resolve)))
    const { user, router } = renderAt(<Login />, '/login?redirectTo=%2Fwelcome')
    await fillPasswordForm(user, 'grace@inkwell.test', 'inkwell-demo')

    await waitFor(() => expect(fakeAuth.refetch).toHaveBeenCalled())
    expect(router.state.location.pathname).toBe('/login')
    sessionRead()
    expect(await landedAt()).toBe('/welcome')
  })
})
