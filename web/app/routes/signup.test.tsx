import { screen } from '@testing-library/react'
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
import SignUp from './signup.tsx'

vi.mock('#web/lib/auth-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#web/lib/auth-client.ts')>()
  const { fakeAuthClient } = await import('#web/features/auth/fake-auth-client.ts')
  return { ...actual, authClient: fakeAuthClient() }
})

const auth = mockedAuth()

beforeEach(() => resetAuthClient())

async function fillSignUp(
  user: ReturnType<typeof renderScreen>['user'],
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
    renderScreen(SignUp, '/signup')
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.')
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(document.title).toBe('Create your account · Inkwell')
  })

  it('shows a message under each field left empty, without calling Better Auth', async () => {
    const { user } = renderScreen(SignUp, '/signup')
    await fillSignUp(user, '', '', '')
    expect(await screen.findByText('Enter your name')).toBeInTheDocument()
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument()
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument()
    expect(auth.signUp.email).not.toHaveBeenCalled()
  })

  it('refuses a password shorter than 8 characters', async () => {
    const { user } = renderScreen(SignUp, '/signup')
    await fillSignUp(user, 'Ada Lovelace', 'ada@inkwell.test', 'short12')
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters')
    expect(auth.signUp.email).not.toHaveBeenCalled()
  })

  it('creates the account and always continues to the welcome step', async () => {
    auth.signUp.email.mockResolvedValue(authOk({ user: { id: 'new-user' } }))
    const { user, queryClient } = renderScreen(SignUp, '/signup?redirectTo=%2Fexams', {
      beforeRender: (qc) => qc.setQueryData(ME_QUERY_KEY, ME),
    })
    await fillSignUp(user, '  Ada Lovelace ', 'Ada@Inkwell.test', 'analytical-engine')
    expect(await screen.findByRole('heading', { name: 'Arrived at /welcome' })).toBeInTheDocument()
    expect(auth.signUp.email).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@inkwell.test',
      password: 'analytical-engine',
    })
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true)
  })

  it('explains that the e-mail already has an account', async () => {
    auth.signUp.email.mockResolvedValue(
      authFail({
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
        status: 422,
      }),
    )
    const { user, location } = renderScreen(SignUp, '/signup')
    await fillSignUp(user, 'Grace Hopper', 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.')
    expect(location().pathname).toBe('/signup')
  })

  it("shows Better Auth's message for other refusals", async () => {
    auth.signUp.email.mockResolvedValue(authFail({ message: 'Keep it under 80 characters', status: 400 }))
    const { user } = renderScreen(SignUp, '/signup')
    await fillSignUp(user, 'Grace Hopper', 'grace@inkwell.test', 'inkwell-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Keep it under 80 characters')
  })

  it('keeps the redirect on the way back to sign in', () => {
    renderScreen(SignUp, `/signup?redirectTo=${encodeURIComponent('/forum/physics')}`)
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/forum/physics')}`,
    )
  })

  it('sends someone already signed in to the dashboard', async () => {
    renderScreen(SignUp, '/signup', { beforeRender: startSignedIn })
    expect(await screen.findByRole('heading', { name: 'Arrived at /dashboard' })).toBeInTheDocument()
  })
})
