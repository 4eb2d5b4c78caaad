import { Download } from 'lucide-react'
import { buttonClass } from '#web/components/ui/button.tsx'
import { PageHeader } from '#web/components/ui/card.tsx'
import { EXPORT_URL } from '#web/features/highlights/api/highlights.ts'
import { MyHighlights } from '#web/features/highlights/components/my-highlights.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** My highlights: every passage I highlighted in books and posts, with my private notes (decision 055). */
export default function Highlights() {
  useDocumentTitle('My highlights')
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="My highlights"
        description="Passages you highlighted in books and posts. Notes are private: only you can see them."
        actions={
          // A plain link: the answer is a file to save (Content-Disposition: attachment).
          <a href={EXPORT_URL} download className={buttonClass('secondary')}>
            <Download className="size-4" aria-hidden /> Export to Markdown
          </a>
        }
      />
      <MyHighlights />
    </div>
  )
}
