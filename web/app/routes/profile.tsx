import { PageHeader } from '#web/components/ui/card.tsx'
import { useWritersFetching } from '#web/features/writers/api/get-writers.ts'
import {
  MyWriterCard,
  WriterResults,
  WriterSearchField,
} from '#web/features/writers/components/writers-directory.tsx'
import { useSearchParam } from '#web/features/writers/use-search-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** "Writer's Profile": the writers directory, searchable, with my own card on top when signed in. */
export default function Profile() {
  useDocumentTitle('Writers')
  const { input, setInput, q } = useSearchParam()
  const fetching = useWritersFetching()
  const { data: me } = useMe()
  // While searching, my card shows among the results (labelled) rather than on top.
  const mineOnTop = Boolean(me) && !q

  return (
    <div className="pb-16">
      <PageHeader
        title="Writers"
        description="The teachers, storytellers and witnesses who publish on Inkwell. Find someone by name, or by what they write about."
      />
      <WriterSearchField value={input} onChange={setInput} searching={fetching || input.trim() !== q} />
      {/* The cards' names are h3s: each list has its h2, read by screen readers only. */}
      {me && mineOnTop && (
        <section aria-labelledby="your-card-title" className="mt-8 max-w-xl">
          <h2 id="your-card-title" className="sr-only">
            Your card
          </h2>
          <MyWriterCard userId={me.id} />
        </section>
      )}
      <section aria-labelledby="writers-title" className="mt-8">
        <h2 id="writers-title" className="sr-only">
          {q ? 'Search results' : 'All writers'}
        </h2>
        <WriterResults q={q} myId={me?.id} hideMe={mineOnTop} onClear={() => setInput('')} />
      </section>
    </div>
  )
}
