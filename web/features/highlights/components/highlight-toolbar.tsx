import { Highlighter, StickyNote } from 'lucide-react'
import { useState } from 'react'
import { HIGHLIGHT_NOTE_MAX, type HighlightColour } from '#common/schemas/highlights.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { ColourSwatches } from './colour-swatches.tsx'

export const PRIVATE_NOTES = 'Notes are private: only you can see them.'

/** The tools for text just selected: highlight it in a colour, or with a note first. */
export function HighlightToolbar({
  busy,
  onHighlight,
}: {
  busy: boolean
  onHighlight: (colour: HighlightColour, note?: string) => void
}) {
  const [noting, setNoting] = useState(false)
  const [colour, setColour] = useState<HighlightColour>('yellow')
  const [note, setNote] = useState('')
  if (noting)
    return (
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          onHighlight(colour, note)
        }}
      >
        <TextArea
          label="Note"
          rows={3}
          maxLength={HIGHLIGHT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint={PRIVATE_NOTES}
          // The reader asked for the note: typing starts at once.
          autoFocus
        />
        <ColourSwatches verb="Colour" current={colour} onPick={setColour} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => setNoting(false)}>
            Back
          </Button>
          <Button type="submit" size="sm" busy={busy}>
            Save highlight
          </Button>
        </div>
      </form>
    )
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" busy={busy} onClick={() => onHighlight('yellow')}>
        <Highlighter className="size-4" aria-hidden /> Highlight
      </Button>
      <ColourSwatches verb="Highlight" disabled={busy} onPick={(picked) => onHighlight(picked)} />
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => setNoting(true)}>
        <StickyNote className="size-4" aria-hidden /> Add note
      </Button>
    </div>
  )
}
