import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { HIGHLIGHT_NOTE_MAX, type Highlight, type HighlightColour } from '#common/schemas/highlights.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { ColourSwatches } from './colour-swatches.tsx'
import { PRIVATE_NOTES } from './highlight-toolbar.tsx'

/** One highlight's panel: its colour, its private note, delete. */
export function HighlightPopover({
  highlight,
  busy,
  onChange,
  onDelete,
  onClose,
}: {
  highlight: Highlight
  busy: boolean
  onChange: (change: { colour?: HighlightColour; note?: string | null }) => void
  onDelete: () => void
  onClose: () => void
}) {
  const [note, setNote] = useState(highlight.note ?? '')
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        onChange({ note: note.trim() ? note : null })
      }}
    >
      <ColourSwatches
        verb="Colour"
        current={highlight.colour}
        disabled={busy}
        onPick={(colour) => onChange({ colour })}
      />
      <TextArea
        label="Note"
        rows={3}
        maxLength={HIGHLIGHT_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        hint={PRIVATE_NOTES}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" disabled={busy} onClick={onDelete} className="text-red-700">
          <Trash2 className="size-4" aria-hidden /> Delete highlight
        </Button>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" size="sm" busy={busy}>
            Save note
          </Button>
        </div>
      </div>
    </form>
  )
}
