import { SCREEN_SPINNER_HEIGHT_PX } from '#common/constants.ts'

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' }

export function Spinner({ size = 'md', label = 'Loading' }: { size?: keyof typeof SIZES; label?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-current border-r-transparent ${SIZES[size]}`}
      aria-hidden={label ? undefined : true}
      aria-label={label || undefined}
      role={label ? 'img' : undefined}
    />
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
      <Spinner size="lg" label="" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
