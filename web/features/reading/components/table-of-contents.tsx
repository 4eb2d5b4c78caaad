import { ChevronDown } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { OutlineHeading } from '../lib/outline.ts'
import { isPlainClick, useGoToSection } from '../lib/sections.ts'
import { useCurrentSection } from '../lib/use-current-section.ts'

interface ContentsProps {
  /** The post's headings (lib/outline.ts), in page order. */
  headings: OutlineHeading[]
}

const NAME = 'On this page'

/** Beside the article on wide screens: stays in view (level with a heading scrolled to) and follows the reading. */
export function ContentsSidebar({ headings }: ContentsProps) {
  return (
    <nav aria-label={NAME} className="sticky top-36 max-h-[calc(100vh-10rem)] overflow-y-auto pb-4">
      <p className="mb-3 text-xs font-semibold tracking-[0.14em] text-stone-500 uppercase">{NAME}</p>
      <SectionLinks headings={headings} />
    </nav>
  )
}

/** Above the body where there is no room beside it: closed until asked for, closed again once a section is chosen. */
export function ContentsDisclosure({ headings }: ContentsProps) {
  const [open, setOpen] = useState(false)
  return (
    // Named as its summary reads; the sidebar's name differs, as two navigation landmarks must
    // (the stylesheet shows one at a time, but the document holds both).
    <nav aria-label="Contents" className="mt-8 rounded-xl border border-stone-200 bg-white">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-semibold text-stone-800 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
          <span>
            Contents <span className="font-normal text-stone-500">· {headings.length} sections</span>
          </span>
          <ChevronDown
            aria-hidden
            className="size-4 text-stone-500 group-open:rotate-180 motion-safe:transition-transform"
          />
        </summary>
        <div className="border-t border-stone-200 px-4 py-3">
          <SectionLinks headings={headings} onChoose={() => setOpen(false)} />
        </div>
      </details>
    </nav>
  )
}

/** The headings as links, the section being read marked as the reader's location. */
function SectionLinks({ headings, onChoose }: ContentsProps & { onChoose?: () => void }) {
  const goTo = useGoToSection()
  // A new outline (a new body, its headings new elements) is a new array, and is observed anew.
  const ids = useMemo(() => headings.map((heading) => heading.id), [headings])
  const current = useCurrentSection(ids)
  return (
    <ol className="border-l border-stone-200">
      {headings.map((heading) => {
        const here = heading.id === current
        return (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              aria-current={here ? 'location' : undefined}
              onClick={(event) => {
                if (!isPlainClick(event)) return
                event.preventDefault()
                onChoose?.()
                goTo(heading.id)
              }}
              className={`-ml-px block border-l-2 py-1.5 pr-2 text-sm leading-snug motion-safe:transition-colors ${
                heading.level === 3 ? 'pl-7' : 'pl-4'
              } ${
                here
                  ? 'border-ink-600 font-medium text-ink-800'
                  : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
              }`}
            >
              {heading.text || 'Untitled section'}
            </a>
          </li>
        )
      })}
    </ol>
  )
}
