import { Check } from 'lucide-react'
import { HIGHLIGHT_COLOURS, type HighlightColour } from '#common/schemas/highlights.ts'
import { COLOUR_CLASSES } from '../lib/text-ranges.ts'

const NAMES: Record<HighlightColour, string> = {
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  pink: 'Pink',
}

/**
 * The four colours as round buttons, each named for what it does ("Highlight in green"), the
 * current one pressed. `verb` starts each name.
 */
export function ColourSwatches({
  verb,
  current,
  disabled,
  onPick,
}: {
  verb: string
  current?: HighlightColour
  disabled?: boolean
  onPick: (colour: HighlightColour) => void
}) {
  return (
    <div className="flex items-center gap-1.5">
      {HIGHLIGHT_COLOURS.map((colour) => (
        <button
          key={colour}
          type="button"
          aria-label={`${verb} ${NAMES[colour].toLowerCase()}`}
          aria-pressed={current ? current === colour : undefined}
          disabled={disabled}
          onClick={() => onPick(colour)}
          className={`grid size-8 place-items-center rounded-full ring-1 ring-stone-900/20 hover:ring-2 hover:ring-ink-600 disabled:opacity-60 ${COLOUR_CLASSES[colour]}`}
        >
          {current === colour && <Check className="size-4" aria-hidden />}
        </button>
      ))}
    </div>
  )
}
