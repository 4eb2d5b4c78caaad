import Image from '@tiptap/extension-image'
import { NodeSelection, TextSelection } from '@tiptap/pm/state'
import { type Editor, ReactNodeViewRenderer } from '@tiptap/react'
import { FigureView } from './figure-view.tsx'
import type { ImageText } from './image-text-dialog.tsx'

/** The image of a figure, or the element itself when it is a bare image (posts saved before figures). */
const imageOf = (element: HTMLElement) =>
  element.tagName === 'IMG' ? element : [...element.children].find((child) => child.tagName === 'IMG')

/**
 * An image in a post, with its alt text and an optional caption, written as
 * `<figure><img src alt><figcaption>caption</figcaption></figure>`. The caption is plain text the
 * writer edits with the alt text (ImageTextDialog); a bare `<img>` reads as a figure without one.
 */
export const ImageFigure = Image.extend({
  addAttributes() {
    return {
      src: { default: null, parseHTML: (element) => imageOf(element)?.getAttribute('src') ?? null },
      alt: { default: '', parseHTML: (element) => imageOf(element)?.getAttribute('alt')?.trim() ?? '' },
      caption: {
        default: '',
        parseHTML: (element) =>
          [...element.children]
            .find((child) => child.tagName === 'FIGCAPTION')
            ?.textContent?.replace(/\s+/g, ' ')
            .trim() ?? '',
      },
    }
  },

  parseHTML() {
    return [
      { tag: 'figure', getAttrs: (element) => (imageOf(element) ? null : false) },
      { tag: 'img[src]:not([src^="data:"])' },
    ]
  },

  renderHTML({ node }) {
    const { src, alt, caption } = node.attrs
    const image = ['img', { src, alt }] as const
    return caption ? ['figure', image, ['figcaption', caption]] : ['figure', image]
  },

  addNodeView() {
    return ReactNodeViewRenderer(FigureView)
  },
})

/**
 * Inserts an uploaded image where the cursor is, then puts the cursor in an empty paragraph below it,
 * so that the writer goes on writing (inserted at the end of a paragraph, the figure would be left
 * selected, and the next key typed would replace it).
 */
export function insertFigure(editor: Editor, attrs: ImageText & { src: string }) {
  editor
    .chain()
    .insertContent({ type: ImageFigure.name, attrs })
    .command(({ tr }) => {
      if (!(tr.selection instanceof NodeSelection)) return true
      const after = tr.selection.to
      const next = tr.doc.nodeAt(after)
      if (next?.type.name !== 'paragraph' || next.content.size > 0)
        tr.insert(after, tr.doc.type.schema.nodes.paragraph.create())
      tr.setSelection(TextSelection.create(tr.doc, after + 1))
      return true
    })
    .run()
}
