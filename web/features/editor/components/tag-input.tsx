import { X } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { POST_TAG_MAX_LENGTH, POST_TAGS_MAX } from '#common/schemas/posts.ts'

/** Adds a typed tag the way the server will store it (trimmed, lower case), or says why not. */
export function addTag(tags: string[], raw: string): { tags: string[]; problem: string | null } {
  const tag = raw.trim().replace(/^#/, '').toLowerCase()
  if (!tag) return { tags, problem: null }
  if (tags.includes(tag)) return { tags, problem: `“${tag}” is already a tag` }
  if (tags.length >= POST_TAGS_MAX) return { tags, problem: `Add at most ${POST_TAGS_MAX} tags` }
  if (tag.length > POST_TAG_MAX_LENGTH)
    return { tags, problem: `Keep each tag under ${POST_TAG_MAX_LENGTH} characters` }
  return { tags: [...tags, tag], problem: null }
}

interface TagInputProps {
  tags: string[]
  onChange: (tags: string[]) => void
  error?: string
}

/** Tags as chips: Enter or a comma adds the typed one, Backspace in an empty box removes the last. */
export function TagInput({ tags, onChange, error }: TagInputProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const full = tags.length >= POST_TAGS_MAX

  const commit = (raw: string) => {
    const next = addTag(tags, raw)
    setProblem(next.problem)
    if (next.tags !== tags) onChange(next.tags)
    if (!next.problem) setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      commit(text)
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1))
      setProblem(null)
    }
  }

  const message = error ?? problem
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Tags
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 focus-within:ring-2 ${message ? 'border-red-600 focus-within:ring-red-600/30' : 'border-stone-300 focus-within:border-ink-600 focus-within:ring-ink-600/20'}`}
      >
        <ul aria-label="Tags added" className="contents">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-ink-50 py-0.5 pr-1 pl-2.5 text-sm text-ink-900"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full p-0.5 text-ink-700 hover:bg-ink-100"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && commit(text)}
          disabled={full}
          placeholder={
            full ? 'Tag limit reached' : tags.length ? 'Add another…' : 'Add a tag and press Enter'
          }
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-note`}
          className="min-w-32 flex-1 border-0 bg-transparent px-1 py-1 text-[15px] placeholder:text-stone-400 focus:outline-none disabled:cursor-not-allowed"
        />
      </div>
      <p
        id={`${id}-note`}
        role={message ? 'alert' : undefined}
        className={`text-sm ${message ? 'text-red-700' : 'text-stone-500'}`}
      >
        {message ?? `${tags.length} of ${POST_TAGS_MAX} tags`}
      </p>
    </div>
  )
}
