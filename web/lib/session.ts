import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ROLE_FETCH_ERROR } from '#common/constants.ts'
import { ApiError } from './api-client.ts'
import { authClient } from './auth-client.ts'
import { sessionQueries } from './session-queries.ts'

export interface SessionState {
  /** false until an authenticated user is reported. */
  loggedIn: boolean
  /** true until the first authentication report has been handled. */
  checkingStatus: boolean
  /** '' until read from the profile (only when signed in and the profile exists); defaults to 'user'. */
  role: '' | 'user' | 'admin'
}

/** The signed-in person's profile (GET /api/me), read only while signed in. */
export function useMe() {
  const { data, isPending } = authClient.useSession()
  const queryClient = useQueryClient()
  const signedOut = !isPending && !data?.user

  // A profile belongs to one session. When it ends (signed out here or elsewhere, or expired),
  // forget it, so whoever signs in next never sees the previous person's name or role.
  useEffect(() => {
    const { queryKey } = sessionQueries.me()
    const state = signedOut ? queryClient.getQueryState(queryKey) : undefined
    if (state && (state.status !== 'pending' || state.fetchStatus !== 'idle')) {
      queryClient.removeQueries({ queryKey })
    }
  }, [signedOut, queryClient])

  return useQuery({ ...sessionQueries.me(), enabled: Boolean(data?.user) })
}

/** The session exactly as the original spec defines it: loggedIn, checkingStatus, role. */
export function useSession(): SessionState {
  const session = authClient.useSession()
  const me = useMe()
  const loggedIn = Boolean(session.data?.user)
  // 404: no profile (the role is simply not read). 401: the session ended meanwhile. Neither is a failed read.
  const profileMissing = me.error instanceof ApiError && (me.error.status === 404 || me.error.status === 401)

  useEffect(() => {
    if (me.error && !profileMissing) console.error(ROLE_FETCH_ERROR, me.error)
  }, [me.error, profileMissing])

  return {
    loggedIn,
    checkingStatus: session.isPending,
    role: loggedIn && me.data ? (me.data.role ?? 'user') : '',
  }
}
