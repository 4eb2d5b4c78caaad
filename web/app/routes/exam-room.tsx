import { useEffect } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useAttempt, useStartAttempt } from '#web/features/exams/api/attempts.ts'
import { useExamIntro } from '#web/features/exams/api/browse-exams.ts'
import { ExamIntroView } from '#web/features/exams/components/exam-intro.tsx'
import { ExamLoadError } from '#web/features/exams/components/exam-load-error.tsx'
import { ExamTaker } from '#web/features/exams/components/exam-taker.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/**
 * /examroom/:examId: the intro, then the running attempt. The attempt's id sits in the address
 * (?attempt=), so a reload opens the same attempt; from the intro, Resume finds it again.
 */
export default function ExamRoom() {
  const { examId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const attemptId = params.get('attempt')
  const navigate = useNavigate()
  const intro = useExamIntro(examId)
  const attempt = useAttempt(attemptId)
  const start = useStartAttempt(examId)
  useDocumentTitle(intro.data ? intro.data.title : 'Exam')

  const submitted = attempt.data?.attempt.status === 'submitted'
  useEffect(() => {
    if (submitted) navigate(`/examresults/${examId}`, { replace: true })
  }, [submitted, examId, navigate])

  const open = (id: string) => setParams({ attempt: id }, { replace: true })

  if (intro.isPending) return <ScreenSpinner label="Loading the exam…" />
  if (intro.error)
    return <ExamLoadError error={intro.error} what="this exam" onRetry={() => void intro.refetch()} />

  if (attemptId) {
    if (attempt.isPending || submitted) return <ScreenSpinner label="Opening your attempt…" />
    if (attempt.error)
      return (
        <ExamLoadError error={attempt.error} what="your attempt" onRetry={() => void attempt.refetch()} />
      )
    return (
      <ExamTaker
        key={attemptId}
        examTitle={intro.data.title}
        clocked={attempt.data}
        onFinished={() => navigate(`/examresults/${examId}`, { replace: true })}
      />
    )
  }

  return (
    <ExamIntroView
      exam={intro.data}
      starting={start.isPending}
      onStart={() => start.mutate(undefined, { onSuccess: (started) => open(started.attempt.id) })}
      onResume={open}
    />
  )
}
