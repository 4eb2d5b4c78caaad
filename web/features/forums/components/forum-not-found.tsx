import { Compass } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'

/** An unknown forum or thread: say so plainly and point to the forums there are. */
export function ForumNotFound({ title, children }: { title: string; children: string }) {
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="forum-missing-title">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <Compass className="size-7" aria-hidden />
      </div>
      <h1 id="forum-missing-title" className="text-3xl font-semibold">
        {title}
      </h1>
      <p className="mt-3 text-stone-600">{children}</p>
      <ButtonLink to="/forum" className="mt-8">
        See all forums
      </ButtonLink>
    </section>
  )
}
