import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { PageHeader } from '#web/components/ui/card.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { ExamBrowser } from '#web/features/exams/components/exam-browser.tsx'
import { MyAttempts } from '#web/features/exams/components/my-attempts.tsx'
import { MyExams } from '#web/features/exams/components/my-exams.tsx'
import { useSearchParam } from '#web/features/writers/use-search-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

type TabKey = 'all' | 'attempts' | 'mine'
const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: 'All exams' },
  { key: 'attempts', label: 'My attempts' },
  { key: 'mine', label: 'My exams' },
]

/** The Exams Room: published exams to take, my attempts, and the exams I wrote. Tab and filters live in the address. */
export default function Exams() {
  useDocumentTitle('Exams Room')
  const [params, setParams] = useSearchParams()
  const { input, setInput, q } = useSearchParam()
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'all'
  const subject = params.get('subject') ?? undefined

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        change(next)
        return next
      },
      { replace: true },
    )
  const select = (key: TabKey) =>
    update((next) => (key === 'all' ? next.delete('tab') : next.set('tab', key)))
  const setSubject = (slug: string | undefined) =>
    update((next) => (slug ? next.set('subject', slug) : next.delete('subject')))

  const panels: Record<TabKey, ReactNode> = {
    all: (
      <ExamBrowser
        input={input}
        onInput={setInput}
        filters={{ q: q || undefined, subject }}
        onSubject={setSubject}
        onClear={() => {
          setInput('')
          update((next) => {
            next.delete('q')
            next.delete('subject')
          })
        }}
      />
    ),
    attempts: <MyAttempts />,
    // A finished attempt's notification links here with ?stats=<exam id>: that exam's statistics open.
    mine: <MyExams openStats={params.get('stats')} />,
  }

  return (
    <div>
      <PageHeader
        title="Exams Room"
        description="Test yourself against the clock on exams written by Inkwell's teachers and writers, then see where you stand."
        actions={
          <ButtonLink to="/postexam">
            <Plus className="size-4" aria-hidden /> Create exam
          </ButtonLink>
        }
      />
      <Tabs
        label="Exams"
        selected={tab}
        onSelect={select}
        // The exams' titles are h3s, under the panel's h2 that screen readers find.
        tabs={TABS.map((t) => ({
          ...t,
          panel: (
            <>
              <h2 className="sr-only">{t.label}</h2>
              {panels[t.key]}
            </>
          ),
        }))}
      />
    </div>
  )
}
