import { useId } from 'react'

const LOOKS = {
  // A list's filter (admin tables, reports, the overview's period): wraps on a narrow screen.
  wrap: {
    group: 'inline-flex flex-wrap rounded-lg bg-stone-200/60 p-1',
    option: 'rounded-md px-3.5 py-1.5 has-checked:bg-white has-checked:text-stone-900 has-checked:shadow-sm',
  },
  // A filter bar's row (the store, Contents, a subject's posts): stays one row, scrolls sideways.
  scroll: {
    group: 'inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1',
    option:
      'inline-flex h-8 shrink-0 items-center rounded-lg px-2.5 transition-colors hover:text-stone-900 has-checked:bg-white has-checked:text-stone-900 has-checked:shadow-sm has-checked:ring-1 has-checked:ring-stone-200 sm:px-3.5',
  },
} as const

/**
 * One choice of a few, as a row of segments: radio buttons under a legend for screen readers (the
 * arrow keys move between them, Tab leaves the group), drawn as a segmented control with a visible
 * focus ring. The one segmented control of the app: filters of lists and filter bars alike.
 */
export function SegmentedControl<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  overflow = 'wrap',
}: {
  /** Read out for the group: "Show messages", "Category". */
  legend: string
  /** The radio group's name, unique on the page (one is made up when not given). */
  name?: string
  options: ReadonlyArray<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
  /** On a narrow screen: wrap to a second row, or stay one row that scrolls sideways. */
  overflow?: keyof typeof LOOKS
}) {
  const generated = useId()
  const look = LOOKS[overflow]
  return (
    <fieldset className="min-w-0 max-w-full">
      <legend className="sr-only">{legend}</legend>
      <div className={look.group}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`cursor-pointer text-sm font-medium whitespace-nowrap text-stone-600 has-focus-visible:outline-2 has-focus-visible:outline-ink-600 ${look.option}`}
          >
            <input
              type="radio"
              name={name ?? generated}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
