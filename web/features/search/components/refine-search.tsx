import { Search } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { SEARCH_QUERY_MAX_LENGTH } from '#common/schemas/search.ts'
import { Button } from '#web/components/ui/button.tsx'

/**
 * The search again, prefilled, with a tip about the syntax. Mount it with `key={query}` so a new
 * search from the header refills it.
 */
export function RefineSearch({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const id = useId()
  const [value, setValue] = useState(query)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = value.trim()
    if (q) onSearch(q)
  }
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor={id}>
          Search for
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            id={id}
            type="search"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            aria-describedby={`${id}-tip`}
            className="h-12 w-full rounded-xl border border-stone-300 bg-white pr-4 pl-11 text-base shadow-xs placeholder:text-stone-400 focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
          />
        </div>
        <Button type="submit" size="lg">
          Search
        </Button>
      </form>
      <p id={`${id}-tip`} className="mt-2 text-sm text-stone-500">
        Tip: put <Code>"quotes"</Code> around an exact phrase, <Code>-word</Code> leaves a word out, and{' '}
        <Code>or</Code> finds either word.
      </p>
    </search>
  )
}

function Code({ children }: { children: string }) {
  return (
    <code className="rounded bg-stone-100 px-1 py-0.5 font-mono text-[13px] text-stone-700">{children}</code>
  )
}
