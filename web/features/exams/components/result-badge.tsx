import { CheckCircle2, XCircle } from 'lucide-react'

/** Passed or not, in words as well as colour. */
export function ResultBadge({ passed }: { passed: boolean }) {
  return passed ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <CheckCircle2 className="size-3.5" aria-hidden /> Passed
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
      <XCircle className="size-3.5" aria-hidden /> Not passed
    </span>
  )
}
