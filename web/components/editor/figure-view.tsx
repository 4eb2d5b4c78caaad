import type { Node } from '@tiptap/pm/model'
import { NodeViewWrapper, type ReactNodeViewProps, useEditorState } from '@tiptap/react'
import { Pencil } from 'lucide-react'
import { useState } from 'react'
import { type ImageText, ImageTextDialog } from './image-text-dialog.tsx'

/**
 * An image of the post in the editor, as readers will see it (caption below), with a button to edit
 * its alt text and caption: shown on hover, on the image selected in the focused editor (styles.css)
 * and to the keyboard (Tab from the editor reaches it). A double click opens the same dialog. The
 * button's name says which image it edits (its alt text, or its place among the post's images when
 * it is decorative), so a screen reader can tell several apart; the visible label stays short.
 */
export function FigureView({ node, editor, getPos, updateAttributes }: ReactNodeViewProps) {
  const [editing, setEditing] = useState(false)
  const { src, alt, caption } = node.attrs as ImageText & { src: string }
  const editable = editor.isEditable
  const number = useEditorState({
    editor,
    selector: ({ editor: e }) => (alt === '' ? imageNumber(e.state.doc, node, getPos()) : 0),
  })

  return (
    // NodeViewWrapper would write its `as` prop into the DOM as an attribute: the figure goes inside.
    <NodeViewWrapper>
      <figure className="group relative">
        <img src={src} alt={alt} onDoubleClick={() => editable && setEditing(true)} />
        {editable && (
          <div className="figure-tools absolute top-3 left-3 flex flex-wrap items-center gap-2 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100">
            <button
              type="button"
              onClick={() => setEditing(true)}
              aria-label={`Alt text & caption: ${alt || `decorative image ${number}`}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-stone-900/90 px-3 py-1.5 font-sans text-sm font-medium text-white shadow-sm hover:bg-stone-900"
            >
              <Pencil className="size-3.5" aria-hidden />
              Alt text &amp; caption
            </button>
            {alt === '' && (
              <span className="rounded-full bg-white/95 px-2.5 py-1 font-sans text-xs font-medium text-stone-700 shadow-sm">
                Decorative: no alt text
              </span>
            )}
          </div>
        )}
        {caption && <figcaption>{caption}</figcaption>}
      </figure>
      {editing && (
        <ImageTextDialog
          mode="edit"
          src={src}
          initial={{ alt, caption }}
          onSave={(text) => {
            updateAttributes(text)
            setEditing(false)
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </NodeViewWrapper>
  )
}

/** Which image of the post this is, counting from 1 (images of its type up to its position). */
function imageNumber(doc: Node, image: Node, pos: number | undefined): number {
  if (pos === undefined) return 0
  let count = 0
  doc.nodesBetween(0, pos + 1, (child) => {
    if (child.type === image.type) count += 1
  })
  return count
}
