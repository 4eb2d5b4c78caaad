import { type Editor, useEditorState } from '@tiptap/react'
import {
  Bold,
  Code,
  CodeXml,
  Heading2,
  Heading3,
  ImageIcon,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react'
import { type ChangeEvent, useRef } from 'react'
import { IMAGE_TYPES } from '#common/constants.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'

interface ToolProps {
  label: string
  icon: LucideIcon
  onClick: () => void
  active?: boolean
  disabled?: boolean
}

function Tool({ label, icon: Icon, onClick, active, disabled }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      onMouseDown={(event) => event.preventDefault()} // keeps the selection in the editor
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex size-9 items-center justify-center rounded-md transition-colors disabled:opacity-40 ${active ? 'bg-ink-100 text-ink-900' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'}`}
    >
      <Icon className="size-[18px]" aria-hidden />
    </button>
  )
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-stone-200" />

interface EditorToolbarProps {
  editor: Editor
  /** Heading 2 and 3: a post has sections, a forum reply does not. */
  headings?: boolean
  /** Inline code, for a short snippet in a sentence (forums); code blocks are always offered. */
  inlineCode?: boolean
  /** Uploads a picked image and inserts it; without it there is no Image tool. */
  onUploadImage?: (file: File) => void
  uploading?: boolean
}

/**
 * Formatting for a rich text body (posts, forum threads and replies); Link asks for an address,
 * Image uploads a file and inserts it.
 */
export function EditorToolbar({
  editor,
  headings = true,
  inlineCode = false,
  onUploadImage,
  uploading = false,
}: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      inlineCode: e.isActive('code'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()

  const onLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://'
    const href = window.prompt('Link address (leave empty to remove the link)', previous)
    if (href === null) return
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run()
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run()
  }

  const onPick = (event: ChangeEvent<HTMLInputElement>, upload: (file: File) => void) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) upload(file)
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-stone-200 bg-white/95 px-2 py-1.5 backdrop-blur"
    >
      {headings && (
        <>
          <Tool
            label="Heading 2"
            icon={Heading2}
            active={state.h2}
            onClick={() => chain().toggleHeading({ level: 2 }).run()}
          />
          <Tool
            label="Heading 3"
            icon={Heading3}
            active={state.h3}
            onClick={() => chain().toggleHeading({ level: 3 }).run()}
          />
          <Divider />
        </>
      )}
      <Tool label="Bold" icon={Bold} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label="Italic" icon={Italic} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      {inlineCode && (
        <Tool
          label="Inline code"
          icon={Code}
          active={state.inlineCode}
          onClick={() => chain().toggleCode().run()}
        />
      )}
      <Tool label="Link" icon={Link2} active={state.link} onClick={onLink} />
      <Divider />
      <Tool
        label="Bullet list"
        icon={List}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label="Numbered list"
        icon={ListOrdered}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label="Quote"
        icon={Quote}
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <Tool
        label="Code block"
        icon={inlineCode ? CodeXml : Code}
        active={state.code}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      {onUploadImage && (
        <>
          <Divider />
          {uploading ? (
            <span className="inline-flex size-9 items-center justify-center text-ink-700">
              <Spinner size="sm" label="Uploading the image…" />
            </span>
          ) : (
            <Tool label="Image" icon={ImageIcon} onClick={() => fileInput.current?.click()} />
          )}
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={(event) => onPick(event, onUploadImage)}
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
          />
        </>
      )}
      <Divider />
      <Tool label="Undo" icon={Undo2} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <Tool label="Redo" icon={Redo2} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </div>
  )
}
