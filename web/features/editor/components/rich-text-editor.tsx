import Image from '@tiptap/extension-image'
import { Placeholder } from '@tiptap/extensions'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useState } from 'react'
import { EditorToolbar } from '#web/components/editor-toolbar.tsx'
import { useUploadImage } from '../api/upload-image.ts'
import { countWordsInHtml } from '../lib/word-count.ts'
import { uploadMessageOf } from './cover-upload.tsx'

interface RichTextEditorProps {
  /** The HTML the editor starts with; later changes come from the editor itself. */
  initialHtml: string
  onChange: (html: string) => void
  error?: string
}

/** The post's body: Tiptap (StarterKit + Image) in the reading column's own typography. */
export function RichTextEditor({ initialHtml, onChange, error }: RichTextEditorProps) {
  const [words, setWords] = useState(() => countWordsInHtml(initialHtml))
  const [uploadProblem, setUploadProblem] = useState<string | null>(null)
  const upload = useUploadImage()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image,
      Placeholder.configure({
        placeholder: 'Start writing. Use the toolbar for headings, lists, quotes and images.',
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'prose-ink min-h-[50vh] px-1 py-6 focus:outline-none',
        'aria-label': 'Post body',
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
    setUploadProblem(null)
    upload.mutate(file, {
      onSuccess: (url) => editor?.chain().focus().setImage({ src: url, alt: '' }).run(),
      onError: (failure) => setUploadProblem(uploadMessageOf(failure)),
    })
  }

  const message = error ?? uploadProblem
  return (
    <div>
      {editor && (
        <div className="sticky top-0 z-10">
          <EditorToolbar editor={editor} onUploadImage={onUploadImage} uploading={upload.isPending} />
        </div>
      )}
      {message && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      )}
      <EditorContent editor={editor} />
      <p className="mt-2 text-right text-sm text-stone-500 tabular-nums" aria-live="off">
        {words.toLocaleString('en')} {words === 1 ? 'word' : 'words'}
      </p>
    </div>
  )
}
