import { useSearchParams } from 'react-router'
import { PageHeader } from '#web/components/ui/card.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { FollowingList } from '#web/features/subscriptions/components/following-list.tsx'
import { SubscribersPanel } from '#web/features/subscriptions/components/subscribers-panel.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

type TabKey = 'following' | 'subscribers'

/** Subscriptions: as a reader, whom I follow or pay; as a writer, who follows or pays me. */
export default function Subscriptions() {
  useDocumentTitle('Subscriptions')
  // The tab lives in the address, so a reload or a link lands on the same list.
  const [params, setParams] = useSearchParams()
  const tab: TabKey = params.get('tab') === 'subscribers' ? 'subscribers' : 'following'
  const select = (key: TabKey) => setParams(key === 'following' ? {} : { tab: key }, { replace: true })

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Subscriptions"
        description="The writers you follow or support, and the readers who follow or support you."
      />
      <Tabs
        label="Subscriptions"
        selected={tab}
        onSelect={select}
        tabs={[
          {
            key: 'following',
            label: 'Following',
            panel: (
              <>
                <h2 className="sr-only">Writers you follow</h2>
                <FollowingList />
              </>
            ),
          },
          {
            key: 'subscribers',
            label: 'Subscribers',
            panel: (
              <>
                <h2 className="sr-only">Your subscribers</h2>
                <SubscribersPanel />
              </>
            ),
          },
        ]}
      />
    </div>
  )
}
