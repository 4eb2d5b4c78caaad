// The post's shape while it loads: the same column, and each line where the article will put
// one (category, a two-line title, a two-line excerpt, the date line, tags, the author, then
// paragraphs), so the swap moves nothing; and at least a screen tall, so the footer never shows
// and then jumps away. No cover block: most posts have none, and a cover arriving where text was
// expected moves less than a grey block that turns out to be text.

/** One line of text of the given line height (a class), with a bar inside it like the words. */
function Line({ height, width, tone = 'bg-stone-200' }: { height: string; width: string; tone?: string }) {
  return (
    <div className={`flex items-center ${height}`}>
      <div className={`h-[62%] rounded-md ${tone} ${width}`} />
    </div>
  )
}

const SOFT = 'bg-stone-200/70'

const PARAGRAPHS = [
  ['w-full', 'w-full', 'w-11/12', 'w-3/5'],
  ['w-full', 'w-11/12', 'w-full', 'w-full', 'w-2/5'],
  ['w-full', 'w-full', 'w-4/5'],
]

/** Stands in for the reader while the post loads; announced once as loading. */
export function PostSkeleton() {
  return (
    <div role="status" className="mx-auto min-h-screen max-w-2xl pt-2 pb-16 sm:pt-6">
      <span className="sr-only">Loading the post…</span>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        <Line height="h-4" width="w-40" tone="bg-ink-100" />
        <div className="mt-3">
          <Line height="h-[2.625rem] sm:h-[3.3rem]" width="w-full" />
          <Line height="h-[2.625rem] sm:h-[3.3rem]" width="w-2/3" />
        </div>
        {/* The excerpt: two lines on a wide screen, about four on a phone. */}
        <div className="mt-4">
          <Line height="h-[2.03rem]" width="w-full" tone={SOFT} />
          <Line height="h-[2.03rem]" width="w-full sm:w-3/4" tone={SOFT} />
          <div className="sm:hidden">
            <Line height="h-[2.03rem]" width="w-full" tone={SOFT} />
            <Line height="h-[2.03rem]" width="w-1/2" tone={SOFT} />
          </div>
        </div>
        <div className="mt-5">
          <Line height="h-5" width="w-72 max-w-full" tone={SOFT} />
        </div>
        <div className="mt-4 flex gap-2">
          {['w-20', 'w-24', 'w-16'].map((width) => (
            <div key={width} className={`h-6 rounded-full bg-stone-100 ${width}`} />
          ))}
        </div>
        <div className="mt-8 flex items-center gap-3 border-y border-stone-200 py-4 sm:gap-4">
          <div className="size-10 shrink-0 rounded-full bg-ink-100" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-16 rounded bg-stone-100" />
            <div className="h-4 w-32 rounded bg-stone-200" />
          </div>
          <div className="h-8 w-24 rounded-lg bg-stone-100" />
        </div>
        <div className="mt-10 space-y-5">
          {PARAGRAPHS.map((lines, p) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture, never reordered
            <div key={p}>
              {lines.map((width, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture, never reordered
                <Line key={i} height="h-8" width={width} tone={SOFT} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
