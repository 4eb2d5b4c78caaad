import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { AnswerValue, SaveAnswerInput, SavedAnswer } from '#common/schemas/exams.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { saveAnswer } from '../api/attempts.ts'

/** Typing in a short answer is saved once the taker pauses this long. */
export const SHORT_ANSWER_DEBOUNCE_MS = 600

export type SaveStatus = 'saving' | 'saved' | 'error'

export interface AnswerEntry {
  value: AnswerValue | null
  flagged: boolean
}

/** Whether a question counts as answered (no option chosen and blank text do not). */
export function isAnswered(entry: AnswerEntry | undefined) {
  const value = entry?.value
  if (!value) return false
  return 'optionIds' in value ? value.optionIds.length > 0 : value.text.trim() !== ''
}

const entriesOf = (answers: SavedAnswer[]) =>
  Object.fromEntries(answers.map((a) => [a.questionId, { value: a.value, flagged: a.flagged }]))

/**
 * The taker's answers, each saved as it is chosen: one request at a time per question, the
 * newest value sent after the one in flight (so the server's last write is the taker's last
 * choice), short answers after a pause. A 409 means the server's clock ran out: `onTimeUp`.
 */
export function useAnswerSaver(attemptId: string, initial: SavedAnswer[], onTimeUp: () => void) {
  const [answers, setAnswers] = useState<Record<string, AnswerEntry>>(() => entriesOf(initial))
  const [status, setStatus] = useState<Record<string, SaveStatus>>({})
  const latest = useRef(new Map<string, SaveAnswerInput>())
  const dirty = useRef(new Set<string>())
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  const inFlight = useRef(new Map<string, Promise<void>>())
  const timeUp = useEffectEvent(onTimeUp)

  // Read by flush() after its awaits, when the state it closed over is stale.
  const failed = useRef(new Set<string>())

  const mark = useCallback((questionId: string, next: SaveStatus) => {
    if (next === 'error') failed.current.add(questionId)
    else failed.current.delete(questionId)
    setStatus((current) => ({ ...current, [questionId]: next }))
  }, [])

  const send = useCallback(
    (questionId: string): Promise<void> => {
      clearTimeout(timers.current.get(questionId))
      timers.current.delete(questionId)
      const running = inFlight.current.get(questionId)
      if (running) {
        dirty.current.add(questionId)
        return running
      }
      const input = latest.current.get(questionId)
      if (!input) return Promise.resolve()
      dirty.current.delete(questionId)
      mark(questionId, 'saving')
      const request = saveAnswer(attemptId, questionId, input).then(
        () => {
          inFlight.current.delete(questionId)
          if (dirty.current.has(questionId)) return send(questionId)
          mark(questionId, 'saved')
        },
        (error: unknown) => {
          inFlight.current.delete(questionId)
          mark(questionId, 'error')
          if (error instanceof ApiError && error.status === 409) timeUp()
          else if (dirty.current.has(questionId)) return send(questionId)
        },
      )
      inFlight.current.set(questionId, request)
      return request
    },
    [attemptId, mark],
  )

  const change = useCallback(
    (questionId: string, patch: Partial<AnswerEntry>, debounce = false) => {
      const previous = latest.current.get(questionId) ?? {
        value: answers[questionId]?.value ?? null,
        flagged: answers[questionId]?.flagged ?? false,
      }
      const next = { ...previous, ...patch }
      latest.current.set(questionId, next)
      setAnswers((current) => ({ ...current, [questionId]: next }))
      if (!debounce) {
        void send(questionId)
        return
      }
      clearTimeout(timers.current.get(questionId))
      timers.current.set(
        questionId,
        setTimeout(() => void send(questionId), SHORT_ANSWER_DEBOUNCE_MS),
      )
    },
    [answers, send],
  )

  /** Sends what is waiting and waits for every save; true when all of them landed. */
  const flush = useCallback(async () => {
    for (const questionId of [...timers.current.keys()]) void send(questionId)
    // Each request's promise includes the resend of a newer value, if one was waiting.
    await Promise.allSettled([...inFlight.current.values()])
    return failed.current.size === 0
  }, [send])

  // Leaving the room mid-typing still sends the last words.
  useEffect(
    () => () => {
      for (const questionId of [...timers.current.keys()]) void send(questionId)
    },
    [send],
  )

  return {
    answers,
    status,
    setValue: (questionId: string, value: AnswerValue | null, debounce = false) =>
      change(questionId, { value }, debounce),
    toggleFlag: (questionId: string) =>
      change(questionId, { flagged: !(answers[questionId]?.flagged ?? false) }),
    retry: (questionId: string) => void send(questionId),
    flush,
  }
}
