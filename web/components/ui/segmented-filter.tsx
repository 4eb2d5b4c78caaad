/**
 * Which part of a list to show, as a row of pills: radio buttons under a legend for screen
 * readers (arrow keys move between them), drawn as a segmented control. Wraps on a narrow screen.
 */
export function SegmentedFilter<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  /** Read out for the group: "Show messages". */
  legend: string
  /** The radio group's name, unique on the page. */
  name: string
  options: ReadonlyArray<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex flex-wrap rounded-lg bg-stone-200/60 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium whitespace-nowrap text-stone-600 has-checked:bg-white has-checked:text-stone-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ink-600"
          >
            <input
              type="radio"
              name={name}
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
