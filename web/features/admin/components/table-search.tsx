import { Search } from 'lucide-react'
import { useId } from 'react'
import { Spinner } from '#web/components/ui/spinner.tsx'

/** The search box above an admin table, with a spinner while a new search is on its way. */
export function TableSearch({
  label,
  placeholder,
  value,
  onChange,
  searching,
  className = 'max-w-md',
}: {
  /** For screen readers: what is searched, and by what. */
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  searching: boolean
  className?: string
}) {
  const id = useId()
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="h-10 w-full rounded-lg border border-stone-300 bg-white pr-10 pl-9 text-[15px] placeholder:text-stone-400 focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
      />
      {searching && (
        <span className="absolute top-1/2 right-3 -translate-y-1/2 text-ink-700">
          <Spinner size="sm" label="Searching" />
        </span>
      )}
    </div>
  )
}
