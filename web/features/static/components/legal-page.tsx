import { Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { ButtonLink } from '#web/components/ui/button.tsx'

export interface LegalSection {
  /** The section's anchor: /privacy#cookies */
  id: string
  title: string
  content: ReactNode
}

/** When the legal texts last changed; shown on each of them. */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-21', label: '21 November 2026' }

interface LegalPageProps {
  title: string
  intro: ReactNode
  sections: LegalSection[]
  lastUpdated?: { iso: string; label: string }
}

/** A long, readable legal text: title, date, a table of contents and numbered sections. */
export function LegalPage({ title, intro, sections, lastUpdated = LEGAL_LAST_UPDATED }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-5xl" aria-labelledby="legal-title">
      <header className="border-b border-stone-200 pb-8">
        <p className="text-xs font-semibold tracking-widest text-ink-700 uppercase">Legal</p>
        <h1 id="legal-title" className="mt-2 text-4xl font-semibold sm:text-5xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-stone-500">
          Last updated <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
        </p>
        <div className="mt-6 max-w-3xl text-lg leading-relaxed text-stone-700">{intro}</div>
      </header>

      <div className="mt-8 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-32 lg:self-start">
          <div className="rounded-2xl border border-stone-200 bg-white p-5 lg:border-0 lg:bg-transparent lg:p-0">
            <h2
              id="toc-title"
              className="font-sans text-xs font-semibold tracking-widest text-stone-500 uppercase"
            >
              On this page
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md py-1 text-stone-600 hover:text-ink-800 lg:-mx-2 lg:px-2 lg:hover:bg-stone-100"
                  >
                    <span className="w-5 shrink-0 text-stone-500 tabular-nums" aria-hidden="true">
                      {index + 1}.
                    </span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="max-w-[68ch]">
          <div className="prose-ink">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-32"
              >
                <h2 id={`${section.id}-title`} className={index === 0 ? 'mt-0!' : undefined}>
                  <span className="mr-2 text-stone-500 tabular-nums" aria-hidden="true">
                    {index + 1}.
                  </span>
                  {section.title}
                </h2>
                {section.content}
              </section>
            ))}
          </div>

          <aside className="mt-12 flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-stone-700">Something here unclear, or a question we have not answered?</p>
            <ButtonLink to="/contact" variant="secondary" className="shrink-0">
              <Mail className="size-4" aria-hidden />
              Contact us
            </ButtonLink>
          </aside>
        </div>
      </div>
    </article>
  )
}
