import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'

export const SEARCH_DEBOUNCE_MS = 300

/**
 * A search field kept in the URL's ?q=: `input` follows every key, `q` (the URL's, trimmed) follows
 * once typing pauses. The URL is replaced, not pushed, so Back leaves the page instead of undoing
 * keystrokes; a link to the page with another ?q= (or none) resets the field.
 */
export function useSearchParam() {
  const [params, setParams] = useSearchParams()
  const q = (params.get('q') ?? '').trim()
  const [input, setInput] = useState(q)
  const debounced = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS)
  // The last value written to (or read from) the URL, so each change goes one way only.
  const synced = useRef(q)

  useEffect(() => {
    if (debounced === synced.current) return
    synced.current = debounced
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        if (debounced) next.set('q', debounced)
        else next.delete('q')
        return next
      },
      { replace: true },
    )
  }, [debounced, setParams])

  useEffect(() => {
    if (q === synced.current) return
    synced.current = q
    setInput(q)
  }, [q])

  return { input, setInput, q }
}
