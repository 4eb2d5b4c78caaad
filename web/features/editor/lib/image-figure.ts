import Image from '@tiptap/extension-image'
import { ReactNodeViewRenderer } from '@tiptap/react'
import { FigureView } from '../components/figure-view.tsx'

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
