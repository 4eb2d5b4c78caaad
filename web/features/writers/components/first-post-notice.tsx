import { EyeOff, PenLine } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'

/**
 * On my own writer page while I have published nothing: only I can open it (anyone else gets
 * "We can't find this writer"), what readers will find here, and the way to start.
 */
export function FirstPostNotice() {
  return (
    <section
      aria-labelledby="first-post-title"
      className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-ink-50 p-5 sm:flex-row sm:items-center sm:gap-6 sm:p-6"
    >
      <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-ink-700 ring-1 ring-ink-200">
        <EyeOff className="size-5" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <h2 id="first-post-title" className="font-serif text-xl font-semibold text-stone-900">
          Only you can see this page for now
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-stone-700">
          It opens to readers with your first published post. They will find your name, bio and links here,
          then your lessons, stories and books.
        </p>
      </div>
      <ButtonLink to="/post" className="shrink-0 self-start sm:self-center">
        <PenLine className="size-4" aria-hidden />
        Write your first post
      </ButtonLink>
    </section>
  )
}
