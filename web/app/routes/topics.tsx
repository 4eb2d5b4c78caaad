import { Plus } from 'lucide-react'
import { useSearchParams } from 'react-router'
import type { PostStatus } from '#common/schemas/posts.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { PageHeader } from '#web/components/ui/card.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { MyPostsList } from '#web/features/my-posts/components/my-posts-list.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

type TabKey = 'all' | PostStatus
const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'draft', label: 'Drafts' },
  { key: 'pending', label: 'In review' },
  { key: 'published', label: 'Published' },
  { key: 'rejected', label: 'Rejected' },
]

/** "My posts": everything the author wrote, by status. */
export default function Topics() {
  useDocumentTitle('My posts')
  // The tab lives in the address, so a reload or a link lands on the same list.
  const [params, setParams] = useSearchParams()
  const tab: TabKey = TABS.find((t) => t.key === params.get('status'))?.key ?? 'all'
  const select = (key: TabKey) => setParams(key === 'all' ? {} : { status: key }, { replace: true })

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="My posts"
        description="Drafts, posts in review and your published work."
        actions={
          <ButtonLink to="/post">
            <Plus className="size-4" aria-hidden /> New post
          </ButtonLink>
        }
      />
      <Tabs
        label="Posts by status"
        selected={tab}
        onSelect={select}
        tabs={TABS.map((t) => ({
          ...t,
          // The posts' titles are h3s, under the panel's h2 that screen readers find.
          panel: (
            <>
              <h2 className="sr-only">{t.key === 'all' ? 'All posts' : t.label}</h2>
              <MyPostsList status={t.key === 'all' ? undefined : t.key} />
            </>
          ),
        }))}
      />
    </div>
  )
}
