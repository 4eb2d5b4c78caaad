import { Flag } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { REPORT_TARGET_NOUNS } from '#common/constants.ts'
import type { ReportTarget } from '#common/schemas/reports.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useSession } from '#web/lib/session.ts'

// The dialog and its form (zod, react-hook-form) load when someone opens it, not with every page
// that shows the flag: a post and a book page keep zod out of their first task (decision 032).
const loadDialog = () => import('./report-dialog.tsx')
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })))
/** Fetches the dialog ahead of the click; a failure here is the click's to report. */
const prefetchDialog = () => {
  loadDialog().catch(() => {})
}

interface ReportButtonProps {
  targetType: ReportTarget
  targetId: string
  /** The button's text; "Report" (read out as "Report this post") unless told. */
  label?: string
  className?: string
}

/** A quiet flag button that opens the report dialog; only for people who are signed in. */
export function ReportButton({ targetType, targetId, label, className = '' }: ReportButtonProps) {
  const { loggedIn } = useSession()
  const [open, setOpen] = useState(false)
  const [reported, setReported] = useState(false)
  if (!loggedIn) return null
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={`text-stone-500 hover:text-stone-800 ${className}`}
        disabled={reported}
        // Fetched as the pointer or the focus comes to the button, so it is usually there by the click.
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        aria-label={reported || label ? undefined : `Report this ${REPORT_TARGET_NOUNS[targetType]}`}
        onClick={() => setOpen(true)}
      >
        <Flag className={`size-4 ${reported ? 'fill-current' : ''}`} aria-hidden />
        {reported ? 'Reported' : (label ?? 'Report')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            onClose={() => setOpen(false)}
            onReported={() => {
              setOpen(false)
              setReported(true)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
