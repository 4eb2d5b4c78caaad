import { Search } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router'

/** Opens /search/:query. */
export function SearchBox({ onSearch, className = '' }: { onSearch?: () => void; className?: string }) {
  const id = useId()
  const [query, setQuery] = useState('')
  const navigate = useNavigate()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    if (!q) return
    navigate(`/search/${encodeURIComponent(q)}`)
    setQuery('')
    onSearch?.()
  }
  return (
    <search className={`relative ${className}`}>
      <form onSubmit={submit}>
        <label className="sr-only" htmlFor={id}>
          Search Inkwell
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search lessons, stories, writers…"
          className="h-10 w-full rounded-full border border-stone-300 bg-white pr-4 pl-9 text-sm placeholder:text-stone-400 focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
        />
        {/* The form's submit control: Enter is not the only way to search. After the field in
            the tab order; drawn at its start. */}
        <button
          type="submit"
          className="absolute top-1/2 left-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-stone-500 hover:text-ink-800"
        >
          <Search className="size-4" aria-hidden />
          <span className="sr-only">Search Inkwell</span>
        </button>
      </form>
    </search>
  )
}
