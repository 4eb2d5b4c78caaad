import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { api, schemasOf } from './api-client.ts'

// Who is signed in, as TanStack Query options: the session (Better Auth's own endpoint) and the
// person's profile. Every page a server draws seeds both under common/query-keys.ts's keys; they
// are part of the app shell, so their schemas load on use.
const auth = schemasOf(() => import('#common/schemas/auth.ts'))
const profile = schemasOf(() => import('#common/schemas/profile.ts'))

/** How long a read session stands before a focus or a new screen reads it again. */
const SESSION_STALE_MS = 30_000

export const sessionQueries = {
  /** GET /api/auth/get-session: the person and their session, or null. */
  session: () =>
    queryOptions({
      queryKey: queryKeys.authSession,
      queryFn: () =>
        api(
          '/api/auth/get-session',
          auth((m) => m.AuthSession),
        ),
      staleTime: SESSION_STALE_MS,
      retry: false,
    }),

  /** GET /api/me: the signed-in person's profile (read only while signed in: `enabled`). */
  me: () =>
    queryOptions({
      queryKey: queryKeys.me,
      queryFn: () =>
        api(
          '/api/me',
          profile((m) => m.Me),
        ),
      retry: false,
      staleTime: 60_000,
    }),
}
