import { queryOptions, useQuery } from '@tanstack/react-query'
import { MasteryList, SubjectMastery } from '#common/schemas/mastery.ts'
import { api } from '#web/lib/api-client.ts'

// The reader's own levels (decision 053). Under ['me'], so signing out, which clears the person's
// queries, forgets them. Never seeded by a server-rendered page: they are nobody else's.

export const masteryKeys = {
  all: ['me', 'mastery'] as const,
  subject: (slug: string) => ['me', 'mastery', slug] as const,
}

export const masteryQueries = {
  /** GET /api/me/mastery: every subject I have taken an exam in. */
  list: () =>
    queryOptions({
      queryKey: masteryKeys.all,
      queryFn: ({ signal }) => api('/api/me/mastery', MasteryList, { signal }),
    }),
  /** GET /api/me/mastery/:subjectSlug. */
  subject: (slug: string) =>
    queryOptions({
      queryKey: masteryKeys.subject(slug),
      queryFn: ({ signal }) => api(`/api/me/mastery/${encodeURIComponent(slug)}`, SubjectMastery, { signal }),
    }),
}

/** My levels in every subject I have taken an exam in. */
export const useMyMastery = () => useQuery(masteryQueries.list())

/** My level in one subject, read only when `enabled` (signed in). */
export const useSubjectMastery = (slug: string, enabled = true) =>
  useQuery({ ...masteryQueries.subject(slug), enabled })
