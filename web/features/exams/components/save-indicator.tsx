import { Check, CloudOff } from 'lucide-react'
import { Spinner } from '#web/components/ui/spinner.tsx'
import type { SaveStatus } from '../lib/use-answer-saver.ts'

/** One quiet line for the answers: saving, all saved, or not saved with a way to retry. */
export function SaveIndicator({ status, onRetry }: { status: SaveStatus | null; onRetry: () => void }) {
  return (
    <p role="status" aria-live="polite" className="flex min-h-6 items-center gap-1.5 text-sm text-stone-500">
      {status === 'saving' && (
        <>
          <Spinner size="sm" /> Saving…
        </>
      )}
      {status === 'saved' && (
        <>
          <Check className="size-4 text-emerald-700" aria-hidden /> Saved
        </>
      )}
      {status === 'error' && (
        <span className="inline-flex items-center gap-1.5 font-medium text-red-700">
          <CloudOff className="size-4" aria-hidden /> Not saved —{' '}
          <button type="button" onClick={onRetry} className="underline underline-offset-2">
            retry
          </button>
        </span>
      )}
    </p>
  )
}
