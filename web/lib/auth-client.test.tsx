import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { authClient } from './auth-client.ts'
import { createQueryClient } from './query-client.ts'

// The real auth client (every other web test uses the fake): the session is a query of Better
// Auth's endpoint, and an action goes through Better Auth's client, then reads the session again.

const SESSION = {
  user: { id: 'u1', name: 'Ada Reader', email: 'ada@example.com', emailVerified: true, image: null },
  session: { id: 's1', userId: 'u1', expiresAt: '2026-12-25T00:00:00.000Z' },
}

function Who() {
  const { data, isPending } = authClient.useSession()
  if (isPending) return <p>Checking…</p>
  return (
    <>
      <p>{data ? `Signed in as ${data.user.name}` : 'Signed out'}</p>
      <button type="button" onClick={() => void authClient.signOut()}>
        Sign out
      </button>
    </>
  )
}

const renderWho = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Who />
    </QueryClientProvider>,
  )

it('reads the session from Better Auth’s endpoint, and null as signed out', async () => {
  stubFetch({ '/api/auth/get-session': jsonResponse(SESSION) })
  const first = renderWho()
  expect(await screen.findByText('Signed in as Ada Reader')).toBeInTheDocument()
  first.unmount()

  stubFetch({ '/api/auth/get-session': jsonResponse(null) })
  renderWho()
  expect(await screen.findByText('Signed out')).toBeInTheDocument()
})

it('signs out through Better Auth’s client, then reads the session again', async () => {
  let signedIn = true
  const fetch = stubFetch({
    '/api/auth/get-session': () => jsonResponse(signedIn ? SESSION : null),
    'POST /api/auth/sign-out': () => {
      signedIn = false
      return jsonResponse({ success: true })
    },
  })
  renderWho()
  await screen.findByText('Signed in as Ada Reader')
  expect(callsTo(fetch, '/api/auth/get-session')).toHaveLength(1)

  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  expect(await screen.findByText('Signed out')).toBeInTheDocument()
  expect(callsTo(fetch, '/api/auth/sign-out')).toHaveLength(1)
  expect(callsTo(fetch, '/api/auth/get-session')).toHaveLength(2)
})
