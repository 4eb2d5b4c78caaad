import { ArrowLeft, ArrowRight, Flag, Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { announce } from '#web/lib/announce.ts'
import { reportTabSwitch, useSubmitAttempt } from '../api/attempts.ts'
import type { ClockedAttempt } from '../api/exam-queries.ts'
import { spokenTime, useCountdown } from '../lib/countdown.ts'
import { isAnswered, type SaveStatus, useAnswerSaver } from '../lib/use-answer-saver.ts'
import { useTabSwitches } from '../lib/use-tab-switches.ts'
import { ExamTimer } from './exam-timer.tsx'
import { QuestionPalette } from './question-palette.tsx'
import { QuestionView } from './question-view.tsx'
import { SaveIndicator } from './save-indicator.tsx'

interface ExamTakerProps {
  examTitle: string
  clocked: ClockedAttempt
  /** The attempt is handed in (by the taker, or at the deadline): show the results. */
  onFinished: () => void
}

/** The worst of the answers' save states: one failure is what the taker must see. */
const overall = (status: Record<string, SaveStatus>): SaveStatus | null => {
  const states = Object.values(status)
  return (['error', 'saving', 'saved'] as const).find((s) => states.includes(s)) ?? null
}

/**
 * The exam room once an attempt runs: one question at a time, a palette of all of them, and a
 * sticky bar with the server's countdown, the save state and Submit. At zero it hands in by itself.
 */
export function ExamTaker({ examTitle, clocked, onFinished }: ExamTakerProps) {
  const { attempt, clockOffsetMs } = clocked
  const questions = attempt.questions
  const [index, setIndex] = useState(0)
  const [confirming, setConfirming] = useState(false)
  const [timeUp, setTimeUp] = useState(false)
  const handingIn = useRef(false)
  const submit = useSubmitAttempt(attempt.examId)

  const saver = useAnswerSaver(attempt.id, attempt.answers, onTimeUp)
  const leftMs = useCountdown(attempt.deadline, clockOffsetMs, onTimeUp)
  useTabSwitches(() => {
    // Best effort: a lost count must not disturb the taker.
    reportTabSwitch(attempt.id).catch(() => {})
  })

  async function handIn() {
    if (handingIn.current) return
    handingIn.current = true
    // Answers still on their way go first; after the deadline the server refuses them anyway.
    await saver.flush()
    submit.mutate(attempt.id, {
      onSuccess: onFinished,
      onSettled: () => {
        handingIn.current = false
      },
    })
  }

  /** The countdown reached zero, or the server refused an answer because time is up. */
  function onTimeUp() {
    setConfirming(false)
    setTimeUp(true)
    void handIn()
  }

  // Moving to another question brings it into view and reading position (keyboard and screen readers too).
  const questionRef = useRef<HTMLElement>(null)
  const go = (next: number) => {
    setIndex(next)
    const node = questionRef.current
    if (!node) return
    node.focus({ preventScroll: true })
    node.scrollIntoView?.({ block: 'nearest' })
  }

  // When the attempt opens (Start, Resume, a reload), focus is on the question and the time is said.
  const opening = useRef({ leftMs, count: questions.length, examTitle })
  useEffect(() => {
    const { leftMs: left, count, examTitle: title } = opening.current
    questionRef.current?.focus({ preventScroll: true })
    announce(`${title}: ${spokenTime(left)} left for ${count} ${count === 1 ? 'question' : 'questions'}.`)
  }, [])

  const question = questions[index]
  const entry = saver.answers[question.id]
  const unanswered = questions.flatMap((q, i) => (isAnswered(saver.answers[q.id]) ? [] : [i + 1]))
  const flagged = questions.flatMap((q, i) => (saver.answers[q.id]?.flagged ? [i + 1] : []))
  const saveState = overall(saver.status)
  const retryFailed = () => {
    for (const [id, s] of Object.entries(saver.status)) if (s === 'error') saver.retry(id)
  }
  const last = index === questions.length - 1

  return (
    <div>
      {/* Flush under the site header (the main column's top padding taken back): no empty band. On
          a phone the title has the whole first row, the clock and Submit the next. */}
      <div className="sticky top-[65px] z-20 -mx-4 -mt-8 border-b border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 md:top-[102px] lg:-mt-12">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
            <h1 className="line-clamp-2 font-serif text-lg leading-snug font-semibold break-words text-stone-900">
              {examTitle}
            </h1>
            <SaveIndicator status={saveState} onRetry={retryFailed} />
          </div>
          <ExamTimer leftMs={leftMs} />
          <Button
            className="ml-auto sm:ml-0"
            onClick={() => setConfirming(true)}
            disabled={timeUp}
            busy={submit.isPending && !timeUp}
          >
            <Send className="size-4" aria-hidden /> Submit
          </Button>
        </div>
      </div>

      {submit.isError && (
        <div className="mt-6">
          <Alert>
            <p className="font-medium">Your answers were not handed in yet.</p>
            <p className="mt-1">
              {submit.error.message} Your saved answers are safe: the exam closes them at the deadline even if
              this page cannot reach Inkwell.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => void handIn()}>
                Try again
              </Button>
              <Link
                to={`/examresults/${attempt.examId}`}
                className="inline-flex h-8 items-center text-sm font-medium underline underline-offset-2"
              >
                See my results
              </Link>
            </div>
          </Alert>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
        <section
          ref={questionRef}
          tabIndex={-1}
          aria-label={`Question ${index + 1} of ${questions.length}`}
          className="scroll-mt-48 rounded-2xl focus:outline-none border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <QuestionView
            key={question.id}
            question={question}
            number={index + 1}
            total={questions.length}
            value={entry?.value ?? null}
            onChange={timeUp ? undefined : (value, debounce) => saver.setValue(question.id, value, debounce)}
          />
          <div className="mt-8 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-5">
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={entry?.flagged ?? false}
              className="aria-pressed:bg-amber-50 aria-pressed:text-amber-900"
              onClick={() => saver.toggleFlag(question.id)}
              disabled={timeUp}
            >
              <Flag
                className={`size-4 ${entry?.flagged ? 'fill-amber-500 text-amber-600' : ''}`}
                aria-hidden
              />
              Flag for review
            </Button>
            <div className="ml-auto flex gap-2">
              <Button variant="secondary" onClick={() => go(index - 1)} disabled={index === 0}>
                <ArrowLeft className="size-4" aria-hidden /> Previous
              </Button>
              {last ? (
                <Button onClick={() => setConfirming(true)} disabled={timeUp}>
                  Review and submit
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => go(index + 1)}>
                  Next <ArrowRight className="size-4" aria-hidden />
                </Button>
              )}
            </div>
          </div>
        </section>
        <div className="lg:sticky lg:top-[12rem]">
          <QuestionPalette questions={questions} answers={saver.answers} current={index} onGo={go} />
        </div>
      </div>

      {confirming && (
        <Dialog
          title="Submit your answers?"
          description={`You answered ${questions.length - unanswered.length} of ${questions.length} questions. You cannot change your answers after submitting.`}
          onClose={() => !submit.isPending && setConfirming(false)}
        >
          <div className="mt-4 space-y-2 text-sm">
            {unanswered.length > 0 ? (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                <span className="font-medium">Unanswered: </span>
                {listOf('question', unanswered)}. They score zero.
              </p>
            ) : (
              <p className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
                Every question has an answer.
              </p>
            )}
            {flagged.length > 0 && (
              <p className="text-stone-600">
                <span className="font-medium">Flagged: </span>
                {listOf('question', flagged)}.
              </p>
            )}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              Keep working
            </Button>
            <Button onClick={() => void handIn()} busy={submit.isPending}>
              Submit answers
            </Button>
          </div>
        </Dialog>
      )}

      {timeUp && !submit.isError && (
        <Dialog
          title="Time is up"
          description="Your answers are being handed in. Your results open in a moment."
          onClose={() => {}}
        >
          <div className="mt-5 flex justify-center text-ink-700">
            <Spinner size="lg" label="Handing in your answers…" />
          </div>
        </Dialog>
      )}
    </div>
  )
}

/** "questions 2, 5 and 7", "question 4" */
function listOf(noun: string, numbers: number[]) {
  const head = numbers.slice(0, -1)
  const tail = numbers.at(-1)
  return `${noun}${numbers.length > 1 ? 's' : ''} ${head.length ? `${head.join(', ')} and ${tail}` : tail}`
}
