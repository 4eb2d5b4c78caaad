import { PageHeader } from '#web/components/ui/card.tsx'
import { KeptPostStatus } from '#web/features/offline/kept-post-status.tsx'
import { removeKeptPost } from '#web/features/offline/kept-posts.ts'
import { ReadingList } from '#web/features/reading-list/components/reading-list.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** Reading list: the posts I saved for later, each kept on this device to read offline (decision 056). */
export default function ReadingListPage() {
  useDocumentTitle('Reading list')
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Reading list"
        description="Posts you saved for later. This device keeps each one you may read, so it opens without a network."
      />
      <ReadingList offline={(item) => <KeptPostStatus item={item} />} onRemoved={removeKeptPost} />
    </div>
  )
}
