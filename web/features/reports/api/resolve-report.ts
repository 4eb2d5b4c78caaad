import { useMutation, useQueryClient } from '@tanstack/react-query'
import { REPORT_TARGET_NOUNS } from '#common/constants.ts'
import { ReportItem, type ResolveReportInput } from '#common/schemas/reports.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { subjectKeys } from '#web/data/subjects.ts'
import { api } from '#web/lib/api-client.ts'
import { reportKeys } from './report-queries.ts'

export const resolveReport = ({ id, action }: { id: string } & ResolveReportInput) =>
  api(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, ReportItem, { body: { action } })

export function useResolveReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resolveReport,
    // The toast is raised here: the report leaves the open list (and its component unmounts) once
    // the lists refresh.
    onSuccess: (report) => {
      toast.success(
        report.status === 'removed'
          ? `The ${REPORT_TARGET_NOUNS[report.targetType]} was removed.`
          : 'Report dismissed.',
      )
      // A removed post no longer counts towards its subject.
      if (report.status === 'removed') return queryClient.invalidateQueries({ queryKey: subjectKeys.all })
    },
    // Refreshed on failure too: a 409 means another admin has just resolved it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  })
}
