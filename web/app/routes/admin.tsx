import { useSearchParams } from 'react-router'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { useTotals } from '#web/features/admin/api/get-totals.ts'
import { BroadcastForm } from '#web/features/admin/components/broadcast-form.tsx'
import { MessagesList } from '#web/features/admin/components/messages-list.tsx'
import { Totals } from '#web/features/admin/components/totals.tsx'
import { UsersTable } from '#web/features/admin/components/users-table.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

type TabKey = 'users' | 'messages' | 'notify'
const TAB_KEYS: TabKey[] = ['users', 'messages', 'notify']

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
          People, roles and suspensions, the messages readers and writers send through the contact form, and
          notifications to everyone or one person.
        </p>
      </header>
      <Totals />
      <Tabs<TabKey>
        label="Admin sections"
        selected={tab}
        onSelect={select}
        tabs={[
          { key: 'users', label: 'Users', panel: <UsersTable actor={{ id: me.id, role: me.role }} /> },
          { key: 'messages', label: 'Messages', badge: totals?.openMessages, panel: <MessagesList /> },
          { key: 'notify', label: 'Notify', panel: <BroadcastForm /> },
        ]}
      />
    </div>
  )
}
