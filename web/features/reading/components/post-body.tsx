import { useRef } from 'react'
import { useKeyboardScrollable } from '#web/lib/use-keyboard-scrollable.ts'

/** The post's body as the server stored it. */
export function PostBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)
  // A code block wider than a phone scrolls inside itself: the keyboard must reach it too.
  useKeyboardScrollable(ref, { selector: 'pre', content: html })
  return (
    <div
      ref={ref}
      className="prose-ink mt-10 break-words [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-ink-200 [&_blockquote]:pl-5 [&_blockquote]:italic [&_img]:my-8 [&_img]:rounded-xl [&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-100 [&_pre]:p-4 [&_pre]:text-sm"
      // Safe to render as is: the server sanitizes every body on write with an allowlist of the
      // editor's tags and attributes (server/modules/posts/sanitize.ts), so no script or handler
      // reaches this point.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server's allowlist
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
