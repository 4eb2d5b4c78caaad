import { PageHeader } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useForums } from '#web/features/forums/api/forums.ts'
import { ForumIndex } from '#web/features/forums/components/forum-index.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /forum: one forum per subject, with how busy each is and what happened last. */
export default function Forums() {
  const forums = useForums()
  useDocumentTitle('Forums')
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Forums"
        description="One forum per subject: ask questions, answer them and talk about what you are learning."
      />
      {forums.isPending ? (
        <ScreenSpinner label="Loading the forums…" />
      ) : forums.isError ? (
        <QueryError what="the forums" error={forums.error} onRetry={() => void forums.refetch()} />
      ) : (
        <ForumIndex forums={forums.data.items} />
      )}
    </div>
  )
}
