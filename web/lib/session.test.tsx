import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, deferred, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { ApiError } from './api-client.ts'
import { createQueryClient } from './query-client.ts'
import { useSession } from './session.ts'
import { sessionQueries } from './session-queries.ts'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

function renderSession() {
  const queryClient = createQueryClient()
  const hook = renderHook(() => useSession(), {
    wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  })
  return { ...hook, queryClient }
}

/** Lets queued work (a fetch that would have started, an effect) run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

describe('useSession', () => {
  it('is checking, signed out and role-less until the first auth report arrives', async () => {
    const fetch = stubFetch()
    fakeAuth.pending()
    const { result } = renderSession()

    expect(result.current).toEqual({ loggedIn: false, checkingStatus: true, role: '' })
    await settle()
    expect(result.current.checkingStatus).toBe(true)
    expect(fetch).not.toHaveBeenCalled()

    act(() => fakeAuth.signedOut())
    expect(result.current).toEqual({ loggedIn: false, checkingStatus: false, role: '' })
  })

  it('signed out: not logged in, no role, and GET /api/me is never called', async () => {
    const fetch = stubFetch({ '/api/me': () => jsonResponse(meBody()) })
    fakeAuth.signedOut()
    const { result } = renderSession()

    await settle()
    expect(result.current).toEqual({ loggedIn: false, checkingStatus: false, role: '' })
    expect(callsTo(fetch, '/api/me')).toHaveLength(0)
    expect(console.error).not.toHaveBeenCalled()
  })

  it('signed in: role stays empty until the profile answers, then comes from it', async () => {
    const answer = deferred<Response>()
    const fetch = stubFetch({ '/api/me': () => answer.promise })
    fakeAuth.signedIn()
    const { result } = renderSession()

    await waitFor(() => expect(callsTo(fetch, '/api/me')).toHaveLength(1))
    expect(result.current).toEqual({ loggedIn: true, checkingStatus: false, role: '' })

    answer.resolve(jsonResponse(meBody({ role: 'admin' })))
    await waitFor(() => expect(result.current.role).toBe('admin'))
    expect(result.current).toEqual({ loggedIn: true, checkingStatus: false, role: 'admin' })
    expect(console.error).not.toHaveBeenCalled()
  })

  it("defaults the role to 'user' when the profile has none", async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody({ role: null })) })
    fakeAuth.signedIn()
    const { result } = renderSession()

    await waitFor(() => expect(result.current.role).toBe('user'))
    expect(result.current.loggedIn).toBe(true)
  })

  it('reads the role once the user signs in, and drops it when they sign out', async () => {
    const fetch = stubFetch({ '/api/me': () => jsonResponse(meBody({ role: 'admin' })) })
    fakeAuth.signedOut()
    const { result } = renderSession()
    await settle()
    expect(callsTo(fetch, '/api/me')).toHaveLength(0)

    act(() => fakeAuth.signedIn())
    await waitFor(() =>
      expect(result.current).toEqual({ loggedIn: true, checkingStatus: false, role: 'admin' }),
    )

    act(() => fakeAuth.signedOut())
    expect(result.current).toEqual({ loggedIn: false, checkingStatus: false, role: '' })
  })

  it("never shows the previous user's role to the next one who signs in", async () => {
    const nextProfile = deferred<Response>()
    const fetch = stubFetch({ '/api/me': () => jsonResponse(meBody({ id: 'admin-1', role: 'admin' })) })
    fakeAuth.signedIn({ id: 'admin-1' })
    const { result } = renderSession()
    await waitFor(() => expect(result.current.role).toBe('admin'))

    // The admin's session ends (expired, or signed out in another tab); someone else signs in.
    act(() => fakeAuth.signedOut())
    const nextFetch = stubFetch({ '/api/me': () => nextProfile.promise })
    act(() => fakeAuth.signedIn({ id: 'reader-2' }))
    expect(result.current.role).toBe('')

    nextProfile.resolve(jsonResponse(meBody({ id: 'reader-2', role: 'user' })))
    await waitFor(() => expect(result.current.role).toBe('user'))
    expect(callsTo(fetch, '/api/me')).toHaveLength(1)
    expect(callsTo(nextFetch, '/api/me')).toHaveLength(1)
  })

  it.each([
    [404, 'not_found', 'a missing profile'],
    [401, 'unauthorized', 'a session that ended meanwhile'],
  ] as const)('%i (%s: %s) leaves the role empty and logs nothing', async (status, code, _why) => {
    stubFetch({ '/api/me': () => errorResponse(status, code, 'No profile') })
    fakeAuth.signedIn()
    const { result, queryClient } = renderSession()

    await waitFor(() => expect(queryClient.getQueryState(sessionQueries.me().queryKey)?.status).toBe('error'))
    await settle()
    expect(result.current).toEqual({ loggedIn: true, checkingStatus: false, role: '' })
    expect(console.error).not.toHaveBeenCalled()
  })

  it("a failed role read logs 'Error fetching user role:' and leaves the role empty", async () => {
    stubFetch({ '/api/me': () => errorResponse(500, 'internal', 'Database down') })
    fakeAuth.signedIn()
    const { result } = renderSession()

    await waitFor(() => expect(console.error).toHaveBeenCalled())
    expect(console.error).toHaveBeenCalledTimes(1)
    const [prefix, error] = vi.mocked(console.error).mock.calls[0]
    expect(prefix).toBe('Error fetching user role:')
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(500)
    expect(result.current).toEqual({ loggedIn: true, checkingStatus: false, role: '' })
    vi.mocked(console.error).mockClear()
  })

  it('an unreachable server is a failed role read too', async () => {
    stubFetch({ '/api/me': () => Promise.reject(new TypeError('Failed to fetch')) })
    fakeAuth.signedIn()
    const { result } = renderSession()

    await waitFor(() => expect(console.error).toHaveBeenCalled())
    expect(vi.mocked(console.error).mock.calls[0][0]).toBe('Error fetching user role:')
    expect(result.current.role).toBe('')
    vi.mocked(console.error).mockClear()
  })
})
