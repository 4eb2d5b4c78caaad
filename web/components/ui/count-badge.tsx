/**
 * A small count beside a link ("3"), for a number of things waiting. Screen readers hear it as
 * part of the link's name ("Review queue, 3 waiting"); nothing shows at zero.
 */
export function CountBadge({
  count,
  label = 'waiting',
  className = 'ml-auto',
}: {
  count: number | undefined
  label?: string
  /** Where it sits: at the end of a row by default. */
  className?: string
}) {
  if (!count) return null
  const n = count.toLocaleString('en')
  return (
    <>
      <span
        aria-hidden="true"
        className={`${className} inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs leading-5 font-semibold text-stone-900 tabular-nums`}
      >
        {n}
      </span>
      <span className="sr-only">{`, ${n} ${label}`}</span>
    </>
  )
}
