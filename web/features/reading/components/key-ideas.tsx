import { ChevronRight, Lightbulb } from 'lucide-react'
import type { ReactNode } from 'react'
import { countOf } from '#web/lib/format.ts'
import { useKeyIdeas } from '../api/key-ideas.ts'

/**
 * A lesson's Key ideas (decision 052) after its body: each front, its back revealed on demand, and
 * `action` (adding them to practice) below. Nothing while there are none or the body is locked.
 */
export function KeyIdeas({ postId, action }: { postId: string; action?: ReactNode }) {
  const { data } = useKeyIdeas(postId)
  const cards = data?.cards ?? []
  if (cards.length === 0) return null
  return (
    <section
      aria-labelledby="key-ideas-title"
      className="mt-12 rounded-2xl border border-ink-100 bg-ink-50/40 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="key-ideas-title" className="flex items-center gap-2 font-serif text-2xl font-semibold">
          <Lightbulb className="size-5 text-ink-700" aria-hidden />
          Key ideas
        </h2>
        <p className="text-sm text-stone-600">{countOf(cards.length, 'card')} · tap one to see its answer</p>
      </div>
      <ol className="mt-4 space-y-2">
        {cards.map((card) => (
          <li key={card.id}>
            <details className="group rounded-xl border border-stone-200 bg-white open:border-ink-200">
              <summary className="flex cursor-pointer list-none items-start gap-2 px-4 py-3 text-[15px] font-medium text-stone-900 [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  className="mt-0.5 size-4 shrink-0 text-stone-500 transition-transform group-open:rotate-90"
                  aria-hidden
                />
                <span className="min-w-0 whitespace-pre-wrap">{card.front}</span>
              </summary>
              <p className="border-t border-stone-100 px-4 py-3 pl-10 text-[15px] whitespace-pre-wrap text-stone-700">
                {card.back}
              </p>
            </details>
          </li>
        ))}
      </ol>
      {action && <div className="mt-5">{action}</div>}
    </section>
  )
}
