import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { Subject } from '#common/schemas/subjects.ts'
import { api } from '#web/lib/api-client.ts'

export const getSubjects = () => api('/api/subjects', z.array(Subject))

/** The subjects an academic post can belong to. */
export function useAcademicSubjects() {
  return useQuery({
    queryKey: ['subjects'],
    queryFn: getSubjects,
    staleTime: 10 * 60_000,
    select: (subjects) => subjects.filter((s) => s.kind === 'academic'),
  })
}
