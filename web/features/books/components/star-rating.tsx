import { Star } from 'lucide-react'
import { useId, useState } from 'react'
import { STARS } from '#common/constants.ts'
import { countOf } from '#web/lib/format.ts'

// Stars shown (an average, part-filled) and stars chosen (a radio group: arrows move and choose,
// as every radio group does).

/** "4.5", "4", "3.67": at most two decimals, none when whole. */
export const formatAverage = (average: number) => String(Math.round(average * 100) / 100)

/** "4.5 out of 5 stars, 12 ratings": what the stars say to someone who cannot see them. */
export const ratingLabel = (average: number, count: number) =>
  `${formatAverage(average)} out of 5 stars, ${countOf(count, 'rating')}`

const SIZES = { xs: 'size-3.5', sm: 'size-4', md: 'size-5', lg: 'size-7' }

interface StarsProps {
  /** 0–5; part of a star fills for a fraction. */
  value: number
  /** What a screen reader hears instead of the stars. */
  label: string
  size?: keyof typeof SIZES
}

/** Five stars filled to `value`, read out as `label`. */
export function Stars({ value, label, size = 'sm' }: StarsProps) {
  const row = (filled: boolean) =>
    STARS.map((n) => (
      <Star
        key={n}
        aria-hidden
        strokeWidth={1.5}
        className={`${SIZES[size]} shrink-0 ${filled ? 'fill-amber-500 text-amber-500' : 'fill-stone-200 text-stone-300'}`}
      />
    ))
  const percent = Math.max(0, Math.min(5, value)) * 20
  return (
    <span role="img" aria-label={label} className="relative inline-flex shrink-0 align-middle">
      <span className="flex">{row(false)}</span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden" style={{ width: `${percent}%` }}>
        {row(true)}
      </span>
    </span>
  )
}

interface StarInputProps {
  value: number | null
  onChange: (stars: number) => void
  /** The group's name, read out before the choices. */
  legend?: string
  error?: string
}

const starName = (n: number) => (n === 1 ? '1 star' : `${n} stars`)

/**
 * Choosing 1–5 stars: five native radio buttons drawn as stars. Tab reaches the group, Space
 * chooses, the arrow keys move and choose, and hovering shows what a click would choose.
 */
export function StarInput({ value, onChange, legend = 'Your rating', error }: StarInputProps) {
  const id = useId()
  const [hovered, setHovered] = useState<number | null>(null)
  const shown = hovered ?? value ?? 0
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex items-center gap-3">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview only; the radios inside take every action */}
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {STARS.map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHovered(n)}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ink-600"
            >
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
              />
              <span className="sr-only">{starName(n)}</span>
              <Star
                aria-hidden
                strokeWidth={1.5}
                className={`size-8 transition-colors motion-reduce:transition-none ${n <= shown ? 'fill-amber-500 text-amber-600' : 'fill-white text-stone-400'}`}
              />
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-stone-600">
          {shown ? starName(shown) : 'Not rated'}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
