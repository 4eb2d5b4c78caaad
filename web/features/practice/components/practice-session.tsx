import { useEffect, useReducer, useRef } from 'react'
import { flushSync } from 'react-dom'
import type { PracticeCard } from '#common/schemas/practice.ts'
import { useNow } from '#web/lib/relative-time.ts'
import { useGradeCard, useReviewCard } from '../api/practice.ts'
import {
  answerOf,
  currentCard,
  keyAction,
  keyTargetOf,
  type SessionAction,
  sessionReducer,
  startSession,
} from '../lib/session-model.ts'
import { FlashcardQuestion } from './flashcard-question.tsx'
import { PracticeFeedback } from './practice-feedback.tsx'
import { PracticeQuestion } from './practice-question.tsx'
import { SessionDone } from './session-done.tsx'

/**
 * A practice session over the cards due when it began: each card asked, checked by the server
 * ("Right" or "Not yet", and the answer only when the exam allows), then the next, then a
 * summary. Keys: 1–9 choose an option, Space or Enter checks and continues. A Key idea: Space
 * shows its back, 1–4 grade it and move on.
 */
export function PracticeSession({ cards, onAgain }: { cards: PracticeCard[]; onAgain: () => void }) {
  const [state, dispatch] = useReducer(sessionReducer, cards, startSession)
  const review = useReviewCard()
  const grade = useGradeCard()
  const now = useNow()
  const card = currentCard(state)
  const questionRef = useRef<HTMLDivElement>(null)
  const textRef = useRef<HTMLInputElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)

  const act = (action: SessionAction) => {
    if (action.type === 'grade') {
      if (!card || state.phase !== 'revealed') return
      dispatch(action)
      return grade.mutate(
        { cardId: card.id, grade: action.grade },
        { onSuccess: () => dispatch({ type: 'graded' }), onError: () => dispatch({ type: 'failed' }) },
      )
    }
    if (action.type !== 'check') return dispatch(action)
    const answer = answerOf(state)
    if (!card || !answer || state.phase !== 'answering') return
    dispatch(action)
    review.mutate(
      { cardId: card.id, answer },
      {
        onSuccess: (result) => dispatch({ type: 'checked', result }),
        onError: () => dispatch({ type: 'failed' }),
      },
    )
  }

  // The keys, wherever focus is on the page (a text box keeps its own).
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {})
  onKey.current = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return
    const action = keyAction(event.key, state, keyTargetOf(event.target))
    if (!action) return
    event.preventDefault()
    // Drawn before the next key arrives: a key read against the state before this one would be lost
    // (1 then Space, pressed quickly, would check nothing).
    flushSync(() => act(action))
  }
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

  // A new card (every card opens in answering): focus its question or text box; feedback: focus
  // Next, which Space presses.
  const { phase } = state
  useEffect(() => {
    if (phase === 'answering' || phase === 'revealed') (textRef.current ?? questionRef.current)?.focus()
    if (phase === 'feedback') nextRef.current?.focus()
  }, [phase])

  if (state.phase === 'done' || !card)
    return <SessionDone done={state.right + state.notYet} right={state.right} onAgain={onAgain} />

  return (
    <section aria-label="Practice session" className="space-y-5">
      <div>
        <p className="flex justify-between text-sm text-stone-600">
          <span>
            Card {state.index + 1} of {state.cards.length}
          </span>
          <span>
            {state.right} right · {state.notYet} not yet
          </span>
        </p>
        <div
          role="progressbar"
          aria-label="Cards done"
          aria-valuemin={0}
          aria-valuemax={state.cards.length}
          aria-valuenow={state.index + (state.phase === 'feedback' ? 1 : 0)}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className="h-full rounded-full bg-ink-700 transition-[width]"
            style={{
              width: `${((state.index + (state.phase === 'feedback' ? 1 : 0)) / state.cards.length) * 100}%`,
            }}
          />
        </div>
      </div>
      <div
        ref={questionRef}
        tabIndex={-1}
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm focus:outline-none sm:p-8"
      >
        {card.source === 'flashcard' ? (
          <FlashcardQuestion
            key={card.id}
            card={card}
            revealed={state.phase !== 'answering'}
            grading={state.phase === 'checking' ? state.grade : null}
            now={now}
            onReveal={() => act({ type: 'reveal' })}
            onGrade={(g) => act({ type: 'grade', grade: g })}
          />
        ) : (
          <PracticeQuestion
            key={card.id}
            card={card}
            chosen={state.chosen}
            text={state.text}
            locked={state.phase !== 'answering'}
            checking={state.phase === 'checking'}
            onChoose={(optionId) => act({ type: 'choose', optionId })}
            onType={(text) => act({ type: 'type', text })}
            onCheck={() => act({ type: 'check' })}
            textRef={textRef}
          />
        )}
        {card.source === 'exam_question' && state.phase === 'feedback' && state.result && (
          <PracticeFeedback
            card={card}
            result={state.result}
            now={now}
            last={state.index === state.cards.length - 1}
            onNext={() => act({ type: 'next' })}
            nextRef={nextRef}
          />
        )}
      </div>
    </section>
  )
}
