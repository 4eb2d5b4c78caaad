import { type RefObject, useEffect } from 'react'
import { useKeyboardScrollable } from '#web/lib/use-keyboard-scrollable.ts'
import { idFromHash, isPlainClick, useGoToSection } from '../lib/sections.ts'

/**
 * The post's body as the server stored it, outlined (lib/outline.ts: ids and "#" links on its
 * headings). `body` holds its element, which the reading progress follows.
 */
export function PostBody({ html, body }: { html: string; body: RefObject<HTMLDivElement | null> }) {
  // A code block wider than a phone scrolls inside itself: the keyboard must reach it too.
  useKeyboardScrollable(body, { selector: 'pre', content: html })

  // A link to a place on this page (a heading's "#", or one the author wrote) goes there through
  // the router, like the table of contents, instead of the browser's own jump behind its back.
  const goTo = useGoToSection()
  useEffect(() => {
    const element = body.current
    if (!element) return
    const follow = (event: MouseEvent) => {
      const href = (event.target as Element).closest('a')?.getAttribute('href')
      const id = href?.startsWith('#') ? idFromHash(href) : ''
      if (!id || event.defaultPrevented || !isPlainClick(event)) return
      event.preventDefault()
      goTo(id)
    }
    element.addEventListener('click', follow)
    return () => element.removeEventListener('click', follow)
  }, [body, goTo])

  return (
    <div
      ref={body}
      className="prose-ink mt-10 break-words [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-ink-200 [&_blockquote]:pl-5 [&_blockquote]:italic [&_img]:my-8 [&_img]:rounded-xl [&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-100 [&_pre]:p-4 [&_pre]:text-sm"
      // Safe to render as is: the server sanitizes every body on write with an allowlist of the
      // editor's tags and attributes (server/core/rich-text/sanitize.ts), so no script or handler
      // reaches this point; outlining adds only ids, classes and links to the body's own headings.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
