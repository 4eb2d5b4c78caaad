import { Placeholder } from '@tiptap/extensions'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useRef, useState } from 'react'
import { useUploadImage } from '#web/data/upload-image.ts'
import { uploadMessageOf } from './cover-upload.tsx'
import { EditorToolbar } from './editor-toolbar.tsx'
import { ImageFigure, insertFigure } from './image-figure.ts'
import { type ImageText, ImageTextDialog } from './image-text-dialog.tsx'
import { countWordsInHtml } from './word-count.ts'

interface RichTextEditorProps {
  /** The HTML the editor starts with; later changes come from the editor itself. */
  initialHtml: string
  onChange: (html: string) => void
  error?: string
  /** What screen readers call the writing area (a post's body by default; a book's chapter). */
  label?: string
}

/**
 * The post's body: Tiptap (StarterKit + images as figures) in the reading column's own typography.
 * A picked image uploads while the writer describes it; it goes in when both are done.
 */
export function RichTextEditor({ initialHtml, onChange, error, label = 'Post body' }: RichTextEditorProps) {
  const [words, setWords] = useState(() => countWordsInHtml(initialHtml))
  /** The image being inserted, shown from the writer's own file while it uploads. */
  const [preview, setPreview] = useState<string | null>(null)
  const inserted = useRef(false)
  const upload = useUploadImage()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      ImageFigure,
      Placeholder.configure({
        placeholder: 'Start writing. Use the toolbar for headings, lists, quotes and images.',
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'prose-ink min-h-[50vh] px-1 py-6 focus:outline-none',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML()
      setWords(countWordsInHtml(html))
      onChange(html)
    },
  })

  const onUploadImage = (file: File) => {
    setPreview(URL.createObjectURL(file))
    upload.mutate(file)
  }

  const closeInsert = () => {
    setPreview(null)
    upload.reset() // an upload still running is forgotten, and never inserted
  }

  const insertImage = ({ alt, caption }: ImageText) => {
    if (!upload.data) return
    if (editor) insertFigure(editor, { src: upload.data, alt, caption })
    inserted.current = true
    closeInsert()
  }

  // The preview's object URL holds the file in memory until released: once it is no longer shown
  // (inserted, cancelled, or the editor gone with the dialog open).
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  // Back to writing after the image, once the dialog has returned focus to what opened it.
  useEffect(() => {
    if (preview || !inserted.current) return
    inserted.current = false
    editor?.commands.focus()
  }, [preview, editor])

  return (
    <div>
      {editor && (
        <div className="sticky top-0 z-10">
          <EditorToolbar editor={editor} onUploadImage={onUploadImage} uploading={upload.isPending} />
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <EditorContent editor={editor} />
      <p className="mt-2 text-right text-sm text-stone-500 tabular-nums" aria-live="off">
        {words.toLocaleString('en')} {words === 1 ? 'word' : 'words'}
      </p>
      {preview && (
        <ImageTextDialog
          mode="insert"
          src={preview}
          uploading={upload.isPending}
          problem={upload.isError ? uploadMessageOf(upload.error) : null}
          onSave={insertImage}
          onClose={closeInsert}
        />
      )}
    </div>
  )
}
