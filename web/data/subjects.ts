import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'

const subjects = schemasOf(() => import('#common/schemas/subjects.ts'))

export const getSubjects = () =>
  api(
    '/api/subjects',
    subjects((m) => m.SubjectList),
  )

/** Every subject with its number of published posts; they change rarely (admins manage them). */
export function useSubjects() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: getSubjects, staleTime: 10 * 60_000 })
}

/** One subject (GET /api/subjects/:slug); a 404 when there is no such subject. */
export function useSubject(slug: string) {
  return useQuery({
    queryKey: queryKeys.subject(slug),
    queryFn: () =>
      api(
        `/api/subjects/${encodeURIComponent(slug)}`,
        subjects((m) => m.SubjectWithCounts),
      ),
    staleTime: 10 * 60_000,
  })
}

/** "organic-chemistry" → "Organic chemistry": the subject's slug, readable without another request. */
export const subjectLabel = (slug: string) => {
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
