import { Sparkles } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'

/** For someone who skipped the welcome step: a friendly nudge back to it. */
export function FinishProfileBanner() {
  return (
    <aside
      aria-label="Finish your profile"
      className="flex flex-col gap-4 rounded-2xl border border-accent-400/60 bg-accent-400/10 p-5 sm:flex-row sm:items-center"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-900 text-accent-400">
        <Sparkles className="size-5" aria-hidden />
      </span>
      <div className="flex-1">
        <p className="font-serif text-lg text-stone-900">Finish setting up your profile</p>
        <p className="text-sm text-stone-600">
          Add a photo, a short bio and the subjects you care about, so readers know who you are and we can
          suggest what to read.
        </p>
      </div>
      <ButtonLink to="/welcome" className="shrink-0">
        Finish your profile
      </ButtonLink>
    </aside>
  )
}
