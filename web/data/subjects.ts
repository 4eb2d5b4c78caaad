import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'

const subjects = schemasOf(() => import('#common/schemas/subjects.ts'))

// Subjects are read by many features (pickers, the grid, a hub, the admin table) and change rarely
// (admins manage them). Their keys are the ones a server-rendered page seeds (common/query-keys.ts).

export const subjectKeys = {
  /** Every list of subjects and every subject (what a change to one refreshes). */
  all: queryKeys.subjects,
}

export const subjectQueries = {
  /** GET /api/subjects: every subject with its number of published posts. */
  list: () =>
    queryOptions({
      queryKey: queryKeys.subjects,
      queryFn: () =>
        api(
          '/api/subjects',
          subjects((m) => m.SubjectList),
        ),
      staleTime: 10 * 60_000,
    }),

  /** GET /api/subjects/:slug: one subject; a 404 when there is no such subject. */
  detail: (slug: string) =>
    queryOptions({
      queryKey: queryKeys.subject(slug),
      queryFn: () =>
        api(
          `/api/subjects/${encodeURIComponent(slug)}`,
          subjects((m) => m.SubjectWithCounts),
        ),
      staleTime: 10 * 60_000,
    }),
}

/** Every subject with its number of published posts. */
export const useSubjects = () => useQuery(subjectQueries.list())

/** One subject; a 404 when there is no such subject. */
export const useSubject = (slug: string) => useQuery(subjectQueries.detail(slug))

/** "organic-chemistry" → "Organic chemistry": the subject's slug, readable without another request. */
export const subjectLabel = (slug: string) => {
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
