import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import { SubscriberImportReport } from '#common/schemas/newsletters.ts'
import { api } from '#web/lib/api-client.ts'
import { subscriptionQueries } from './subscription-queries.ts'

/** Where the export downloads from (a plain link: the browser saves the attachment). */
export const SUBSCRIBERS_EXPORT_HREF = '/api/me/subscribers/export'

/** The addresses I imported, a keyset page at a time, with the counts by status. */
export const useImportedSubscribers = () => useInfiniteQuery(subscriptionQueries.imported())

/**
 * POST /api/me/subscribers/import: a dry run answers the report only; the real import writes the
 * addresses and refreshes the list. The screen shows a refused file's message itself.
 */
export function useImportSubscribers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api('/api/me/subscribers/import', SubscriberImportReport, { method: 'POST', body: { csv, dryRun } }),
    meta: { inlineErrors: true },
    onSuccess: (report) => {
      if (!report.dryRun)
        void queryClient.invalidateQueries({ queryKey: subscriptionQueries.imported().queryKey })
    },
  })
}

/** DELETE /api/me/subscribers/imported/:id: the address leaves the list (and its counts). */
export function useRemoveImported() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/me/subscribers/imported/${encodeURIComponent(id)}`, NoContent, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionQueries.imported().queryKey }),
  })
}
