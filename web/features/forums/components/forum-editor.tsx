import { Placeholder } from '@tiptap/extensions'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type Ref, useEffect, useId, useImperativeHandle } from 'react'
import { EditorToolbar } from '#web/components/editor/editor-toolbar.tsx'
import { FORUM_PROSE } from './post-meta.tsx'

export interface ForumEditorHandle {
  focus: () => void
  clear: () => void
}

interface ForumEditorProps {
  label: string
  /** The label is read out but not shown (a heading above already says what the field is). */
  hideLabel?: boolean
  /** The HTML the editor starts with; later changes come from the editor itself. */
  initialHtml?: string
  onChange: (html: string) => void
  placeholder?: string
  error?: string
  disabled?: boolean
  ref?: Ref<ForumEditorHandle>
}

const HINT =
  'Markdown works as you type: **bold**, *italic*, `code`, “- ” for a list, “1. ” for a numbered one, “> ” for a quote.'

/**
 * A forum body: Tiptap's StarterKit (bold, italic, code, lists, quotes, links) in the reading
 * typography, compact. Its input rules turn Markdown shortcuts into formatting as they are typed.
 */
export function ForumEditor({
  label,
  hideLabel = false,
  initialHtml = '',
  onChange,
  placeholder = 'Write your post…',
  error,
  disabled = false,
  ref,
}: ForumEditorProps) {
  const id = useId()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Placeholder.configure({ placeholder }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: `${FORUM_PROSE} min-h-32 px-3 py-3 focus:outline-none`,
        // Tiptap applies these options again on each render: the error is read out with the field.
        'aria-labelledby': `${id}-label`,
        'aria-describedby': error ? `${id}-error` : `${id}-hint`,
        'aria-invalid': error ? 'true' : 'false',
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  })

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editor?.commands.focus('end'),
      clear: () => editor?.commands.clearContent(true),
    }),
    [editor],
  )

  // A disabled editor takes no typing while a post is sent.
  useEffect(() => {
    // Not an edit: the form must not hear of it (it would re-check the field and drop the server's message).
    editor?.setEditable(!disabled, false)
  }, [editor, disabled])

  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-stone-800'}>
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-lg border bg-white shadow-xs focus-within:ring-2 ${error ? 'border-red-600 focus-within:ring-red-600/30' : 'border-stone-300 focus-within:border-ink-600 focus-within:ring-ink-600/20'} ${disabled ? 'opacity-70' : ''}`}
      >
        {editor && <EditorToolbar editor={editor} headings={false} inlineCode />}
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          {HINT}
        </p>
      )}
    </div>
  )
}
