import { useMutation, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import { Subject, type SubjectInput } from '#common/schemas/subjects.ts'
import { subjectKeys } from '#web/data/subjects.ts'
import { ApiError, api } from '#web/lib/api-client.ts'

const subjectPath = (slug: string) => `/api/admin/subjects/${encodeURIComponent(slug)}`

/** Adds a subject (no slug) or edits one (the slug stays as it is). */
export const saveSubject = ({ slug, input }: { slug?: string; input: SubjectInput }) =>
  slug
    ? api(subjectPath(slug), Subject, { method: 'PATCH', body: input })
    : api('/api/admin/subjects', Subject, { body: input })

export type DeleteOutcome = { deleted: true } | { deleted: false; reason: string }

/**
 * Deletes a subject. A subject that posts still use is refused with a 409, which is an answer for
 * the confirmation dialog to show (how many posts to move first), not a failure to toast.
 */
export async function deleteSubject(slug: string): Promise<DeleteOutcome> {
  try {
    await api(subjectPath(slug), NoContent, { method: 'DELETE' })
    return { deleted: true }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { deleted: false, reason: error.message }
    throw error
  }
}

// Every list of subjects (pickers, the grid, the admin table) reads ['subjects', …].
const useRefreshSubjects = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: subjectKeys.all })
}

/** The form shows the server's field messages (a name already taken) itself. */
export function useSaveSubject() {
  const refresh = useRefreshSubjects()
  return useMutation({ mutationFn: saveSubject, onSuccess: refresh, meta: { inlineErrors: true } })
}

export function useDeleteSubject() {
  const refresh = useRefreshSubjects()
  return useMutation({
    mutationFn: deleteSubject,
    // Refreshed when refused too: the count of posts shown may be out of date.
    onSuccess: refresh,
  })
}
