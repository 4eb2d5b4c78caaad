import { ArrowLeft } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'
import { formatMinutes } from '../format.ts'
import { type ExamFormInput, takerViewOf } from '../lib/builder-model.ts'
import { QuestionView } from './question-view.tsx'

/** The exam as a taker will see it: the rules and every question, without answers or explanations. */
export function ExamPreview({ values, onClose }: { values: ExamFormInput; onClose: () => void }) {
  const questions = (values.questions ?? []).map(takerViewOf)
  const draw = values.drawCount === null || values.drawCount === undefined ? null : Number(values.drawCount)
  return (
    <section aria-labelledby="exam-preview-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">Preview as a taker</p>
        <Button variant="secondary" onClick={onClose}>
          <ArrowLeft className="size-4" aria-hidden /> Back to editing
        </Button>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
          Exam{values.subjectSlug ? ` · ${subjectLabel(values.subjectSlug)}` : ''}
        </p>
        <h2 id="exam-preview-title" className="mt-2 font-serif text-3xl font-semibold">
          {values.title || 'Untitled exam'}
        </h2>
        {values.description && <p className="mt-3 text-stone-700">{values.description}</p>}
        <p className="mt-4 text-sm text-stone-600">
          {formatMinutes(Number(values.durationMinutes) || 0)} ·{' '}
          {countOf(draw ?? questions.length, 'question')} · pass mark {String(values.passMark)}%
        </p>
        {values.instructions && (
          <p className="mt-4 rounded-xl bg-stone-50 p-4 text-sm whitespace-pre-wrap text-stone-700">
            {values.instructions}
          </p>
        )}
      </div>
      {(values.shuffleQuestions || values.shuffleOptions || draw !== null) && (
        <Alert tone="info">
          Each taker gets{' '}
          {[
            draw !== null && `${countOf(draw, 'question')} drawn at random from ${questions.length}`,
            values.shuffleQuestions && 'the questions in a shuffled order',
            values.shuffleOptions && 'the options shuffled',
          ]
            .filter(Boolean)
            .join(', ')}
          . Here they are in your order.
        </Alert>
      )}
      <ol className="space-y-4">
        {questions.map((question, index) => (
          <li key={question.id} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
            <QuestionView question={question} number={index + 1} total={questions.length} value={null} />
          </li>
        ))}
      </ol>
    </section>
  )
}
