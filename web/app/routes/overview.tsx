import { PageHeader } from '#web/components/ui/card.tsx'
import { OverviewScreen } from '#web/features/overview/components/overview-screen.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** Overview: a writer's readers, subscribers, book sales and exams over 7 to 365 days. */
export default function OverviewPage() {
  useDocumentTitle('Overview')
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Overview"
        description="Who reads you, who subscribes, and what sells, over the period you choose."
      />
      <OverviewScreen />
    </div>
  )
}
