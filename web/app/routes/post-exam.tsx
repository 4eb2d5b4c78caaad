import { useNavigate, useSearchParams } from 'react-router'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useAuthorExam } from '#web/features/exams/api/author-exams.ts'
import { ExamBuilder } from '#web/features/exams/components/exam-builder.tsx'
import { ExamLoadError } from '#web/features/exams/components/exam-load-error.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** /postexam builds a new exam; /postexam?id= edits one of the author's own (someone else's answers 404). */
export default function PostExam() {
  const [params, setParams] = useSearchParams()
  const id = params.get('id')
  useDocumentTitle(id ? 'Edit exam' : 'Create an exam')
  const navigate = useNavigate()
  const me = useMe()
  const exam = useAuthorExam(id)

  if (id && exam.isPending) return <ScreenSpinner label="Loading your exam…" />
  if (id && exam.error)
    return <ExamLoadError error={exam.error} what="your exam" onRetry={() => void exam.refetch()} />

  return (
    <div className="mx-auto max-w-3xl">
      <ExamBuilder
        // A new exam, then the saved one: the same form stays mounted (its values are already right).
        exam={exam.data ?? null}
        isAdmin={me.data?.role === 'admin'}
        onCreated={(created) => setParams({ id: created.id }, { replace: true })}
        onSubmitted={() => navigate('/exams?tab=mine')}
        onDeleted={() => navigate('/exams?tab=mine', { replace: true })}
      />
    </div>
  )
}
