// A Tiptap editor (ProseMirror) in jsdom: jsdom lays nothing out, so a Range has no
// client rects, which ProseMirror asks for when it scrolls the cursor into view. A test file that
// types or focuses calls useEditorLayout() once; fillEditor() sets a body the way typing would.
import { act, screen } from '@testing-library/react'
import type { Editor } from '@tiptap/react'
import { afterAll, beforeAll } from 'vitest'

export function useEditorLayout() {
  beforeAll(() => {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList
    Range.prototype.getBoundingClientRect = () => new DOMRect()
  })
  afterAll(() => {
    // @ts-expect-error jsdom has neither: they were only ever ours
    delete Range.prototype.getClientRects
    // @ts-expect-error as above
    delete Range.prototype.getBoundingClientRect
  })
}

/** The editor labelled `name` (Tiptap hangs its instance on the editable element). */
export function editorNamed(name: string): Editor {
  const element = screen.getByRole('textbox', { name }) as HTMLElement & { editor?: Editor }
  if (!element.editor) throw new Error(`No editor labelled ${name}`)
  return element.editor
}

/** Replaces the body of the editor labelled `name`, as if it had been typed (onChange fires). */
export function fillEditor(name: string, html: string) {
  const editor = editorNamed(name)
  act(() => {
    editor.commands.setContent(html, { emitUpdate: true })
  })
}
