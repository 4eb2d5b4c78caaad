import { Check, CloudOff } from 'lucide-react'
import { Spinner } from '#web/components/ui/spinner.tsx'
import type { AutosaveState } from '#web/lib/use-autosave.ts'

const timeOf = (date: Date) =>
  date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false })

/** One quiet line about the draft: saving, saved at a time, or failed with a way to retry. */
export function AutosaveStatus({ state, onRetry }: { state: AutosaveState; onRetry: () => void }) {
  return (
    <p role="status" aria-live="polite" className="flex min-h-6 items-center gap-1.5 text-sm text-stone-500">
      {state.kind === 'saving' && (
        <>
          <Spinner size="sm" /> Saving…
        </>
      )}
      {state.kind === 'saved' && (
        <>
          <Check className="size-4 text-emerald-700" aria-hidden /> Saved at {timeOf(state.at)}
        </>
      )}
      {state.kind === 'error' && (
        <span className="inline-flex items-center gap-1.5 text-red-700">
          <CloudOff className="size-4" aria-hidden /> Couldn't save —{' '}
          <button type="button" onClick={onRetry} className="font-medium underline underline-offset-2">
            retry
          </button>
        </span>
      )}
    </p>
  )
}
