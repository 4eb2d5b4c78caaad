import type { Snippet } from '#common/schemas/search.ts'

/** A search snippet as text, the words that matched in <mark>. Never HTML: segments are plain text. */
export function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed text in a fixed order
          <mark key={index} className="rounded-sm bg-accent-400/40 px-0.5 text-stone-900">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed text in a fixed order
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  )
}
