import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { meBody } from '#web/test/builders.ts'
import { authClient, authFail, authOk, fakeAuth } from '#web/test/fake-auth.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import SignUp from './signup.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

async function fillSignUp(
  user: ReturnType<typeof renderAt>['user'],
  name: string,
  email: string,
  password: string,
) {
  if (name) await user.type(screen.getByLabelText('Name'), name)
  if (email) await user.type(screen.getByLabelText('E-mail'), email)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Create account' }))
}

describe('sign-up screen', () => {
  it('asks for a name, an e-mail and a password of at least 8 characters', () => {
    renderAt(<SignUp />, '/signup')
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.')
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(document.title).toBe('Create your account · Inkwell')
  })

  it('shows a message under each field left empty, without calling Better Auth', async () => {
    const { user } = renderAt(<SignUp />, '/signup')
    await fillSignUp(user, '', '', '')
    expect(await screen.findByText('Enter your name')).toBeInTheDocument()
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument()
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument()
    expect(authClient.signUp.email).not.toHaveBeenCalled()
  })

  it('refuses a password shorter than 8 characters', async () => {
    const { user } = renderAt(<SignUp />, '/signup')
    await fillSignUp(user, 'Ada Lovelace', 'ada@inkwell.test', 'short12')
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters')
    expect(authClient.signUp.email).not.toHaveBeenCalled()
  })

  it('creates the account and always continues to the welcome step', async () => {
    authClient.signUp.email.mockResolvedValue(authOk({ user: { id: 'new-user' } }))
    const { user, queryClient } = renderAt(<SignUp />, '/signup?redirectTo=%2Fexams')
    queryClient.setQueryData(sessionQueries.me().queryKey, meBody())
    await fillSignUp(user, '  Ada Lovelace ', 'Ada@Inkwell.test', 'analytical-engine')
    expect(await landedAt()).toBe('/welcome')
    expect(authClient.signUp.email).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@inkwell.test',
      password: 'analytical-engine',
    })
    expect(queryClient.getQueryState(sessionQueries.me().queryKey)?.isInvalidated).toBe(true)
  })

  it('explains that the e-mail already has an account', async () => {
    authClient.signUp.email.mockResolvedValue(
      authFail(409, {
        code: 'conflict',
        message: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
        fields: {
          email: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
        },
      }),
    )
    const { user, router } = renderAt(<SignUp />, '/signup')
    await fillSignUp(user, 'Grace Hopper', 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.')
    expect(router.state.location.pathname).toBe('/signup')
  })

  it("shows the server's message for other refusals", async () => {
    authClient.signUp.email.mockResolvedValue(
      authFail(400, {
        code: 'bad_request',
        message: 'Keep it under 80 characters',
        fields: { name: 'Keep it under 80 characters' },
      }),
    )
    const { user } = renderAt(<SignUp />, '/signup')
    await fillSignUp(user, 'Grace Hopper', 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Keep it under 80 characters')
  })

  it('says which address to open when the server refuses this one', async () => {
    const message = 'Open Inkwell at http://localhost:3000 — this address is not the one it is set up for'
    // Better Auth's client hands over our server's { error: { code, message } } answer as it came.
    authClient.signUp.email.mockResolvedValue({
      data: null,
      error: { status: 403, statusText: 'Forbidden', error: { code: 'forbidden', message } },
    })
    const { user } = renderAt(<SignUp />, '/signup')
    await fillSignUp(user, 'Grace Okafor', 'grace@example.com', 'correct horse battery')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument()
  })

  it('keeps the redirect on the way back to sign in', () => {
    renderAt(<SignUp />, `/signup?redirectTo=${encodeURIComponent('/forum/physics')}`)
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/forum/physics')}`,
    )
  })

  it('sends someone already signed in to the dashboard', async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me': jsonResponse(meBody()) })
    renderAt(<SignUp />, '/signup')
    expect(await landedAt()).toBe('/dashboard')
  })
})
