import { SCREEN_SPINNER_HEIGHT_PX } from '#common/constants.ts'

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' }

/** A spinner; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ size = 'md', label }: { size?: keyof typeof SIZES; label?: string }) {
  const wheel = (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-current border-r-transparent ${SIZES[size]}`}
    />
  )
  if (!label) return wheel
  return (
    <span role="status" className="inline-flex">
      {wheel}
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** The original's loading box: centred, about 400px high, holding a spinner. */
export function ScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex w-full items-center justify-center text-ink-700"
      style={{ minHeight: SCREEN_SPINNER_HEIGHT_PX }}
    >
      <Spinner size="lg" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
