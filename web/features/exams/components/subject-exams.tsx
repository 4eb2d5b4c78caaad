import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { useExams } from '../api/browse-exams.ts'
import { ExamCardItem } from './exam-card.tsx'

const SHOWN = 3

/** A subject hub's exams: the newest few, with the way to the rest. Nothing while it has none. */
export function SubjectExams({ slug, name }: { slug: string; name: string }) {
  const exams = useExams({ subject: slug })
  const items = exams.data?.pages[0]?.items.slice(0, SHOWN) ?? []
  if (items.length === 0) return null
  return (
    <section aria-labelledby="subject-exams-title">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id="subject-exams-title" className="text-2xl font-semibold sm:text-3xl">
          Exams
        </h2>
        <Link
          to={`/exams?subject=${encodeURIComponent(slug)}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
        >
          All {name} exams
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((exam) => (
          <li key={exam.id}>
            <ExamCardItem exam={exam} />
          </li>
        ))}
      </ul>
    </section>
  )
}
