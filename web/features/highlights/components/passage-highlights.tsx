import { type KeyboardEvent, type MouseEvent, useEffect } from 'react'
import { createPortal } from 'react-dom'
import { describePassage } from '#common/anchoring.ts'
import type { HighlightColour } from '#common/schemas/highlights.ts'
import { announce } from '#web/lib/announce.ts'
import { useCreateHighlight, useDeleteHighlight, useUpdateHighlight } from '../api/highlights.ts'
import { textOf } from '../lib/text-ranges.ts'
import {
  focusTools,
  markOf,
  type PassageOptions,
  TOOLS_ATTRIBUTE,
  usePassageHighlights,
} from '../lib/use-passage-highlights.ts'
import { HighlightPopover } from './highlight-popover.tsx'
import { HighlightToolbar } from './highlight-toolbar.tsx'

// The panel's width (w-72) and the margin it keeps from the window's edges.
const PANEL_WIDTH = 288
const EDGE = 8

/**
 * Highlights on a chapter's or a post's body, for a signed-in reader: draws theirs, and offers the
 * tools under a selection and a highlight's panel under its mark. The route passes the body's
 * element; the body's own component knows nothing of highlights.
 */
export function PassageHighlights(options: PassageOptions) {
  const { open, close, highlight } = usePassageHighlights(options)
  const create = useCreateHighlight()
  const update = useUpdateHighlight()
  const remove = useDeleteHighlight()
  // A highlight's panel takes focus (opened from its mark by a press or Enter); the tools for a
  // selection do not, so the selection can still grow with Shift and the arrows (H moves there).
  const openId = open?.kind === 'highlight' ? open.id : null
  useEffect(() => {
    if (openId) focusTools()
  }, [openId])

  if (!open || (open.kind === 'highlight' && !highlight)) return null

  const done = (message: string) => {
    close()
    announce(message)
  }
  const onHighlight = (colour: HighlightColour, note?: string) => {
    const root = options.body.current
    if (open.kind !== 'selection' || !root) return
    create.mutate(
      {
        target: options.target,
        selectors: describePassage(textOf(root), open.start, open.end),
        colour,
        note: note?.trim() ? note : undefined,
      },
      {
        onSuccess: () => {
          document.getSelection()?.removeAllRanges()
          done(note?.trim() ? 'Highlighted, with your note' : 'Highlighted')
        },
      },
    )
  }
  const backToMark = () => {
    if (open.kind === 'highlight') markOf(options.body.current, open.id)?.focus()
  }

  const left = Math.max(EDGE, Math.min(open.place.left, window.innerWidth - PANEL_WIDTH - EDGE))
  const panel = {
    [TOOLS_ATTRIBUTE]: '',
    style: { top: open.place.top, left },
    // Pressing a tool must not clear the selection it acts on.
    onMouseDown: (event: MouseEvent) => {
      if (!(event.target as Element).closest('textarea')) event.preventDefault()
    },
    // The arrows move within the tools, never the page under them (the reader turns chapters).
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key.startsWith('Arrow')) event.stopPropagation()
    },
    className:
      'absolute z-30 w-72 rounded-xl border border-stone-200 bg-white p-3 font-sans text-sm text-stone-800 shadow-lg',
  }
  return createPortal(
    open.kind === 'selection' ? (
      <fieldset {...panel}>
        <legend className="sr-only">Highlight the selected text</legend>
        <HighlightToolbar busy={create.isPending} onHighlight={onHighlight} />
      </fieldset>
    ) : (
      <div role="dialog" aria-label="Your highlight" {...panel}>
        {highlight && (
          <HighlightPopover
            key={highlight.id}
            highlight={highlight}
            busy={update.isPending || remove.isPending}
            onChange={(change) =>
              update.mutate(
                { id: highlight.id, ...change },
                // A colour shows at once and the panel stays; a saved note closes it.
                { onSuccess: () => (change.colour ? announce('Colour changed') : done('Note saved')) },
              )
            }
            onDelete={() => remove.mutate(highlight.id, { onSuccess: () => done('Highlight deleted') })}
            onClose={() => {
              backToMark()
              close()
            }}
          />
        )}
      </div>
    ),
    document.body,
  )
}
