import { Sparkles } from 'lucide-react'
import { useMatches } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

interface FeatureHandle {
  feature: string
  description: string
}

/** A screen whose capability is still being built: it says so plainly, and fakes nothing. */
export default function ComingSoon() {
  const matches = useMatches()
  const handle = matches.at(-1)?.handle as FeatureHandle | undefined
  const feature = handle?.feature ?? 'This page'
  useDocumentTitle(feature)
  return (
    <section className="mx-auto max-w-xl py-12" aria-labelledby="soon-title">
      <div className="rounded-3xl border border-ink-100 bg-gradient-to-br from-white to-ink-50 p-8 text-center shadow-sm sm:p-12">
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-ink-900 text-accent-400">
          <Sparkles className="size-6" aria-hidden />
        </div>
        <p className="text-xs font-semibold tracking-widest text-ink-700 uppercase">Coming soon</p>
        <h1 id="soon-title" className="mt-2 text-3xl font-semibold">
          {feature}
        </h1>
        {handle && <p className="mt-3 text-stone-600">{handle.description}</p>}
        <p className="mt-6 text-sm text-stone-500">
          We are building this part of Inkwell now. Nothing here is a mock-up: when it opens, it will be the
          real thing.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Back to the home page</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Tell us what you need
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
