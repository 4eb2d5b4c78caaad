import { Lock } from 'lucide-react'
import { writerPath } from '#common/paths.ts'
import { SubscribeButton } from '#web/components/subscribe-button.tsx'
import { ButtonLink } from '#web/components/ui/button.tsx'

/** In place of a subscribers-only body: what the reader is missing, and subscribing to open it. */
export function LockedNotice({ authorId, authorName }: { authorId: string; authorName: string }) {
  return (
    <section
      aria-labelledby="locked-title"
      className="relative mt-10 overflow-hidden rounded-2xl border border-ink-100 bg-gradient-to-b from-ink-50 to-white px-6 py-10 text-center sm:px-10"
    >
      <Lock aria-hidden className="mx-auto size-9 text-ink-700" strokeWidth={1.6} />
      <h2 id="locked-title" className="mt-4 font-serif text-2xl font-semibold text-stone-900">
        This post is for subscribers
      </h2>
      <p className="mx-auto mt-2 max-w-md text-stone-600">
        {authorName} shares this one with the readers who subscribe to their writing. Subscribe to read it
        now, or visit their page to see what else they have written.
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <SubscribeButton writerId={authorId} size="md" />
        <ButtonLink to={writerPath(authorId)} variant="secondary">
          Go to {authorName}’s page
        </ButtonLink>
      </div>
    </section>
  )
}
