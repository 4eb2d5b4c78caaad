import { BookOpen, type LucideIcon, PenLine, Sparkles } from 'lucide-react'
import { type Ref, useId } from 'react'
import type { Intent } from '#common/schemas/profile.ts'

const OPTIONS: { value: Intent; label: string; description: string; icon: LucideIcon }[] = [
  {
    value: 'read',
    label: 'Read',
    description: 'Lessons, stories and books, and exams to test yourself.',
    icon: BookOpen,
  },
  {
    value: 'write',
    label: 'Write',
    description: 'Publish posts, sell books and set exams for readers.',
    icon: PenLine,
  },
  {
    value: 'both',
    label: 'Both',
    description: 'A little of everything. You can always do both.',
    icon: Sparkles,
  },
]

interface IntentPickerProps {
  value: Intent | null | undefined
  onChange: (value: Intent) => void
  onBlur?: () => void
  error?: string
  /** Given to the first option, so a form can focus the group on an error. */
  ref?: Ref<HTMLInputElement>
}

/** "I'm here to": read, write or both, as a radio group of cards. */
export function IntentPicker({ value, onChange, onBlur, error, ref }: IntentPickerProps) {
  const id = useId()
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
        I'm here to
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {OPTIONS.map((option, index) => {
          const Icon = option.icon
          return (
            <label
              key={option.value}
              className="flex cursor-pointer flex-col gap-1 rounded-xl border border-stone-300 bg-white p-4 transition-colors hover:border-stone-400 has-checked:border-ink-600 has-checked:bg-ink-50 has-checked:ring-1 has-checked:ring-ink-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink-600"
            >
              <input
                ref={index === 0 ? ref : undefined}
                type="radio"
                name={`${id}-intent`}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
                aria-labelledby={`${id}-${option.value}`}
                aria-describedby={`${id}-${option.value}-description`}
                className="sr-only"
              />
              <span className="flex items-center gap-2">
                <Icon className="size-4 text-ink-700" aria-hidden />
                <span id={`${id}-${option.value}`} className="font-medium text-stone-900">
                  {option.label}
                </span>
              </span>
              <span id={`${id}-${option.value}-description`} className="text-sm text-stone-600">
                {option.description}
              </span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
