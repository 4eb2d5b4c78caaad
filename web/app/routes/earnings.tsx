import { PageHeader } from '#web/components/ui/card.tsx'
import { EarningsScreen } from '#web/features/earnings/components/earnings-screen.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** Earnings: balances, the monthly chart, payout requests and the history by source. */
export default function Earnings() {
  useDocumentTitle('Earnings')
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Earnings"
        description="What readers paid you, what is yours after fees, and your payouts."
      />
      <EarningsScreen />
    </div>
  )
}
