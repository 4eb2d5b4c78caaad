interface ChoiceGroupProps<K extends string> {
  /** Names the group for screen readers. */
  label: string
  options: readonly { key: K; label: string }[]
  value: K
  onChange: (key: K) => void
}

/** A row of toggle buttons, one pressed: a filter with a few choices. */
export function ChoiceGroup<K extends string>({ label, options, value, onChange }: ChoiceGroupProps<K>) {
  return (
    <fieldset className="min-w-0 max-w-full">
      <legend className="sr-only">{label}</legend>
      <div className="inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1">
        {options.map((option) => {
          const active = option.key === value
          return (
            <button
              key={option.key}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(option.key)}
              className={`h-8 shrink-0 rounded-lg px-2.5 text-sm sm:px-3.5 font-medium whitespace-nowrap transition-colors ${active ? 'bg-white text-stone-900 shadow-sm ring-1 ring-stone-200' : 'text-stone-600 hover:text-stone-900'}`}
            >
              {option.label}
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
