import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { subjectPath } from '#common/paths.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Shelf } from '#web/components/ui/shelf.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'

/** The academic subjects, each a tile linking to its hub with its number of posts. */
export function SubjectGrid() {
  const subjects = useSubjects()
  const academic = subjects.data?.filter((s) => s.kind === 'academic') ?? []
  return (
    <Shelf title="Subjects" description="Pick a subject to see its lessons.">
      {subjects.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading subjects…</span>
          <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {['a', 'b', 'c', 'd'].map((k) => (
              <div key={k} className="h-20 animate-pulse rounded-2xl bg-stone-100 sm:h-28" />
            ))}
          </div>
        </div>
      ) : subjects.isError ? (
        <QueryError what="the subjects" error={subjects.error} onRetry={() => void subjects.refetch()} />
      ) : academic.length === 0 ? (
        <p className="text-stone-600">No subjects yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {academic.map((subject) => (
            <li key={subject.slug}>
              <Link
                to={subjectPath(subject.slug)}
                className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 transition hover:-translate-y-0.5 hover:border-ink-200 hover:shadow-md"
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="font-serif text-lg font-semibold text-stone-900 group-hover:text-ink-800">
                    {subject.name}
                  </span>
                  <ArrowRight
                    className="size-4 shrink-0 self-center text-stone-300 transition group-hover:translate-x-0.5 group-hover:text-ink-700"
                    aria-hidden
                  />
                </span>
                {subject.description && (
                  <span className="mt-1 line-clamp-2 flex-1 text-sm leading-relaxed text-stone-600 max-sm:hidden">
                    {subject.description}
                  </span>
                )}
                <span className="mt-auto pt-3 text-xs font-medium text-stone-500">
                  {countOf(subject.posts, 'post')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Shelf>
  )
}
