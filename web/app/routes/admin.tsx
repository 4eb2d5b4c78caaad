import { useSearchParams } from 'react-router'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { useTotals } from '#web/features/admin/api/get-totals.ts'
import { BroadcastForm } from '#web/features/admin/components/broadcast-form.tsx'
import { MessagesList } from '#web/features/admin/components/messages-list.tsx'
import { OrdersTable } from '#web/features/admin/components/orders-table.tsx'
import { PayoutsTable } from '#web/features/admin/components/payouts-table.tsx'
import { Totals } from '#web/features/admin/components/totals.tsx'
import { UsersTable } from '#web/features/admin/components/users-table.tsx'
import { ReportsList } from '#web/features/reports/components/reports-list.tsx'
import { SubjectsManager } from '#web/features/subjects/components/subjects-manager.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

type TabKey = 'users' | 'totals' | 'reports' | 'orders' | 'payouts' | 'messages' | 'subjects' | 'notify'
const TAB_KEYS: TabKey[] = [
  'users',
  'totals',
  'reports',
  'orders',
  'payouts',
  'messages',
  'subjects',
  'notify',
]

export default function Admin() {
  useDocumentTitle('Admin')
  const { data: me } = useMe()
  const { data: totals } = useTotals()
  // The open tab lives in the address, so a link or a reload lands on the same list.
  const [params, setParams] = useSearchParams()
  const tab: TabKey = TAB_KEYS.find((key) => key === params.get('tab')) ?? 'users'
  const select = (key: TabKey) => setParams(key === 'users' ? {} : { tab: key }, { replace: true })

  // The admin guard has already waited for the profile; this covers a refetch in between.
  if (!me) return <ScreenSpinner label="Loading your profile…" />

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-semibold sm:text-4xl">Admin</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          People, roles and suspensions, the platform’s totals and money, reports from readers, orders and
          refunds, writers’ payout requests, the messages sent through the contact form, the subjects posts
          belong to, and notifications to everyone or one person.
        </p>
      </header>
      <Tabs<TabKey>
        label="Admin sections"
        selected={tab}
        onSelect={select}
        tabs={[
          { key: 'users', label: 'Users', panel: <UsersTable meId={me.id} /> },
          { key: 'totals', label: 'Totals', panel: <Totals /> },
          { key: 'reports', label: 'Reports', panel: <ReportsList /> },
          { key: 'orders', label: 'Orders', panel: <OrdersTable /> },
          { key: 'payouts', label: 'Payouts', badge: totals?.openPayouts.count, panel: <PayoutsTable /> },
          { key: 'messages', label: 'Messages', badge: totals?.openMessages, panel: <MessagesList /> },
          { key: 'subjects', label: 'Subjects', panel: <SubjectsManager /> },
          { key: 'notify', label: 'Notify', panel: <BroadcastForm /> },
        ]}
      />
    </div>
  )
}
