import { useMutation } from '@tanstack/react-query'
import { type ReportInput, ReportReceipt } from '#common/schemas/reports.ts'
import { api } from '#web/lib/api-client.ts'

export const createReport = (input: ReportInput) => api('/api/reports', ReportReceipt, { body: input })

/** POST /api/reports; the dialog shows field messages and the rate limit itself. */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport, meta: { inlineErrors: true } })
}
