import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { REPORT_TARGET_NOUNS } from '#common/constants.ts'
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ReportInput,
  type ReportTarget,
} from '#common/schemas/reports.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useCreateReport } from '../api/create-report.ts'

type ReportFormInput = z.input<typeof ReportInput>

interface ReportDialogProps {
  targetType: ReportTarget
  targetId: string
  onClose: () => void
  onReported: () => void
}

/** Why is this wrong: a reason (and details, which "Something else" needs), sent to the admins. */
export function ReportDialog({ targetType, targetId, onClose, onReported }: ReportDialogProps) {
  const id = useId()
  const report = useCreateReport()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReportFormInput, unknown, ReportInput>({
    resolver: zodResolver(ReportInput),
    defaultValues: { targetType, targetId, details: '' },
  })
  const [reason, details] = useWatch({ control, name: ['reason', 'details'] })

  const onSubmit = handleSubmit((input) => {
    setFormError(null)
    report.mutate(input, {
      onSuccess: () => {
        toast.success('Thanks. An administrator will look at it.')
        onReported()
      },
      onError: (error) => {
        // Field messages go under their fields; the rate limit is explained here. Anything else
        // (the item is gone, it is your own) was raised as a toast by the query client.
        if (error instanceof ApiError && error.status === 429) setFormError(error.message)
        else
          setFormError(applyServerErrors(error, setError, sameNames<ReportFormInput>(['reason', 'details'])))
      },
    })
  })

  const close = () => {
    if (!report.isPending) onClose()
  }

  return (
    <Dialog
      title={`Report this ${REPORT_TARGET_NOUNS[targetType]}`}
      description="Tell us what is wrong with it. An administrator reads every report; the writer is not told who sent it."
      onClose={close}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
        {formError && <Alert>{formError}</Alert>}
        <fieldset
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          aria-invalid={errors.reason ? true : undefined}
        >
          <legend className="mb-2 block text-sm font-medium text-stone-800">Reason</legend>
          <div className="space-y-1">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-[15px] text-stone-800 hover:bg-stone-100"
              >
                <input type="radio" value={value} className="size-4 accent-ink-800" {...register('reason')} />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
          {errors.reason?.message && (
            <p id={`${id}-reason-error`} role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.reason.message}
            </p>
          )}
        </fieldset>
        <TextArea
          label={reason === 'other' ? 'Details' : 'Details (optional)'}
          rows={3}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          placeholder="What should the administrator look for?"
          hint={`${details?.length ?? 0}/${REPORT_DETAILS_MAX_LENGTH}`}
          error={errors.details?.message}
          {...register('details')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={report.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
