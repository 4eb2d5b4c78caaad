import { RefreshCw, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { appUpdate, UPDATE_READY, type UpdateOffer } from '../update-offer.ts'

/**
 * "A new version is ready — Reload" (decision 054), at the bottom of the window, above a reader's
 * bar, until the reader reloads or puts it off. It never takes focus: the words are announced, and
 * Reload is the last stop for Tab, at the end of the page (register-service-worker.tsx).
 */
export function UpdatePrompt({ update = appUpdate }: { update?: UpdateOffer }) {
  const offered = update.useOffered()
  const [reloading, setReloading] = useState(false)
  if (!offered) return null
  return (
    <section
      aria-label="New version"
      className="fixed right-4 bottom-20 left-4 z-40 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg ring-1 ring-white/10 sm:left-auto sm:w-[26rem]"
    >
      <Sparkles aria-hidden className="size-5 shrink-0 text-accent-400" />
      <p className="min-w-0 flex-1 leading-snug">{UPDATE_READY}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-stone-200 hover:bg-white/10 hover:text-white focus-visible:outline-white"
          onClick={update.dismiss}
        >
          Later
        </button>
        <Button
          variant="secondary"
          size="sm"
          className="focus-visible:outline-white"
          busy={reloading}
          onClick={() => {
            setReloading(true)
            update.accept()
          }}
        >
          {!reloading && <RefreshCw aria-hidden className="size-4" />}
          Reload
        </Button>
      </div>
    </section>
  )
}
