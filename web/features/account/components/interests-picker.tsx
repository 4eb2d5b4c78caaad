import { Check } from 'lucide-react'
import { type Ref, useEffect, useId } from 'react'
import { INTERESTS_MAX } from '#common/constants.ts'
import type { Subject } from '#common/schemas/subjects.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { useSubjects } from '#web/data/subjects.ts'

const KIND_LABELS: Record<Subject['kind'], string> = { academic: 'Academic', general: 'Stories and general' }

interface InterestsPickerProps {
  /** Selected subject slugs. */
  value: string[]
  onChange: (value: string[]) => void
  max?: number
  error?: string
  /** Given to the first chip, so a form can focus the group on an error. */
  ref?: Ref<HTMLInputElement>
}

/** "Subjects of interest": the subjects from the server as toggleable chips (checkboxes), up to a maximum. */
export function InterestsPicker({ value, onChange, max = INTERESTS_MAX, error, ref }: InterestsPickerProps) {
  const id = useId()
  const subjects = useSubjects()
  const selected = new Set(value)
  const atMax = value.length >= max

  // A subject an admin has since removed can't be saved (the server accepts only listed slugs), so
  // it is dropped from the selection once the list is known.
  useEffect(() => {
    if (!subjects.data) return
    const listed = new Set(subjects.data.map((s) => s.slug))
    if (value.some((slug) => !listed.has(slug))) onChange(value.filter((slug) => listed.has(slug)))
  }, [subjects.data, value, onChange])

  const toggle = (slug: string) => {
    if (selected.has(slug)) onChange(value.filter((s) => s !== slug))
    else if (!atMax) onChange([...value, slug])
  }

  const groups = (['academic', 'general'] as const)
    .map((kind) => ({ kind, items: (subjects.data ?? []).filter((s) => s.kind === kind) }))
    .filter((group) => group.items.length > 0)
  const firstSlug = groups[0]?.items[0]?.slug

  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-stone-800">Subjects of interest</legend>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-stone-500">
        We'll use these to suggest lessons, books, exams and forums. Pick up to {max}.
      </p>

      {subjects.isPending ? (
        <div role="status" className="flex flex-wrap gap-2" aria-label="Loading subjects">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <span key={i} className="h-9 w-24 animate-pulse rounded-full bg-stone-200" />
          ))}
        </div>
      ) : subjects.isError ? (
        <QueryError what="the subjects" error={subjects.error} onRetry={() => subjects.refetch()} />
      ) : groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
          No subjects have been set up yet. You can choose them later in Settings.
        </p>
      ) : (
        groups.map((group) => (
          <div key={group.kind} className="space-y-2">
            <p className="text-xs font-semibold tracking-wider text-stone-500 uppercase">
              {KIND_LABELS[group.kind]}
            </p>
            <ul className="flex flex-wrap gap-2">
              {group.items.map((subject) => {
                const checked = selected.has(subject.slug)
                const disabled = !checked && atMax
                return (
                  <li key={subject.slug}>
                    <label
                      className={`inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink-600 ${
                        checked
                          ? 'border-ink-900 bg-ink-900 text-white'
                          : disabled
                            ? 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-400'
                            : 'cursor-pointer border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50'
                      }`}
                    >
                      <input
                        ref={subject.slug === firstSlug ? ref : undefined}
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        disabled={disabled}
                        onChange={() => toggle(subject.slug)}
                      />
                      {checked && <Check className="size-3.5" aria-hidden />}
                      {subject.name}
                    </label>
                  </li>
                )
              })}
            </ul>
          </div>
        ))
      )}

      <p aria-live="polite" className="text-sm text-stone-600">
        {atMax
          ? `You've picked the maximum of ${max}. Unselect one to choose another.`
          : value.length > 0
            ? `${value.length} selected`
            : ''}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
