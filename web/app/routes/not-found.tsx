import { Compass } from 'lucide-react'
import { useLocation } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

export default function NotFound() {
  const { pathname } = useLocation()
  useDocumentTitle('Page not found')
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="nf-title">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <Compass className="size-7" aria-hidden />
      </div>
      <p className="text-sm font-semibold tracking-widest text-ink-700 uppercase">404</p>
      <h1 id="nf-title" className="mt-2 text-3xl font-semibold">
        This page does not exist
      </h1>
      <p className="mt-3 text-stone-600">
        Nothing lives at <code className="rounded bg-stone-100 px-1.5 py-0.5 text-sm">{pathname}</code>. The
        link may be old, or the page may have moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Tell us about a broken link
        </ButtonLink>
      </div>
    </section>
  )
}
