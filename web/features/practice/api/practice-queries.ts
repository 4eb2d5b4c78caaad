import { queryOptions } from '@tanstack/react-query'
import { PRACTICE_SESSION_SIZE } from '#common/schemas/practice.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'

// Practice's reads as TanStack Query options. Under ['me'], so signing out (which clears the
// person's queries) drops them too. The summary is read by the account menu and the dashboard:
// its schema loads beside the request, so zod stays out of the shell's first load.

const practice = schemasOf(() => import('#common/schemas/practice.ts'))

export const practiceKeys = {
  all: ['me', 'practice'] as const,
  summary: ['me', 'practice', 'summary'] as const,
  /** The cards a session starts with: read once, then the session keeps its own order. */
  session: ['me', 'practice', 'session'] as const,
  settings: ['me', 'practice', 'settings'] as const,
  lesson: (postId: string) => ['me', 'practice', 'lesson', postId] as const,
}

export const practiceQueries = {
  /** GET /api/practice/summary: due now, cards in all, and when the next one is due. */
  summary: () =>
    queryOptions({
      queryKey: practiceKeys.summary,
      queryFn: ({ signal }) =>
        api(
          '/api/practice/summary',
          practice((m) => m.PracticeSummary),
          { signal },
        ),
    }),

  /** GET /api/practice/due: the first cards due, longest overdue first, and the total due. */
  session: () =>
    queryOptions({
      queryKey: practiceKeys.session,
      queryFn: ({ signal }) =>
        api(
          `/api/practice/due?limit=${PRACTICE_SESSION_SIZE}`,
          practice((m) => m.PracticeDuePage),
          { signal },
        ),
      // A session must not change under the reader's hands: it is read again only when asked, and
      // forgotten once the screen is left, so coming back starts from what is due then.
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),

  /** GET /api/me/practice-settings: the target retention. */
  settings: () =>
    queryOptions({
      queryKey: practiceKeys.settings,
      queryFn: ({ signal }) =>
        api(
          '/api/me/practice-settings',
          practice((m) => m.PracticeSettings),
          { signal },
        ),
    }),
}
