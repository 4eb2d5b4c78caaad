import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { Subject } from '#common/schemas/subjects.ts'
import { api } from '#web/lib/api-client.ts'

export const SUBJECTS_QUERY_KEY = ['subjects'] as const

export const getSubjects = () => api('/api/subjects', z.array(Subject))

/** The subjects people can follow; they change rarely (admins manage them). */
export function useSubjects() {
  return useQuery({ queryKey: SUBJECTS_QUERY_KEY, queryFn: getSubjects, staleTime: 10 * 60_000 })
}
