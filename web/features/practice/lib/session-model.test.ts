import { describe, expect, it } from 'vitest'
import type {
  ExamPracticeCard,
  FlashcardPracticeCard,
  PracticeReviewResult,
} from '#common/schemas/practice.ts'
import { answerOf, keyAction, type SessionState, sessionReducer, startSession } from './session-model.ts'

const card = (kind: ExamPracticeCard['kind'], id = kind): ExamPracticeCard => ({
  id,
  source: 'exam_question',
  kind,
  prompt: `A ${kind} question`,
  options:
    kind === 'short'
      ? []
      : [
          { id: 'a', text: 'One' },
          { id: 'b', text: 'Two' },
          { id: 'c', text: 'Three' },
        ],
  exam: { id: 'e1', title: 'Forces' },
  due: '2026-12-01T10:00:00.000Z',
  state: 'new',
  reps: 0,
  lapses: 0,
})
const keyIdea = (id: string): FlashcardPracticeCard => ({
  id,
  source: 'flashcard',
  front: 'Unit of force',
  back: 'The newton',
  lesson: { id: 'l1', title: 'Forces', authorId: 'w1', slug: 'forces' },
  nextDue: { again: '', hard: '', good: '', easy: '' },
  due: '2026-12-01T10:00:00.000Z',
  state: 'new',
  reps: 0,
  lapses: 0,
})
const result = (correct: boolean): PracticeReviewResult => ({
  correct,
  card: { id: 'x', due: '2026-12-01T10:10:00.000Z', state: 'learning', reps: 1, lapses: 0 },
  withheld: 'attempts_left',
})
const run = (state: SessionState, ...keys: string[]) =>
  keys.reduce((s, key) => {
    const action = keyAction(key, s, 'other')
    return action ? sessionReducer(s, action) : s
  }, state)

describe('a practice session', () => {
  it('chooses with 1–9, checks with Space only once something is chosen, and continues with Space', () => {
    let s = startSession([card('single'), card('multiple')])
    expect(keyAction(' ', s, 'other')).toBeNull()
    s = run(s, '2')
    expect(s.chosen).toEqual(['b'])
    s = run(s, '3')
    expect(s.chosen).toEqual(['c'])
    expect(keyAction('4', s, 'other')).toBeNull()
    s = run(s, ' ')
    expect(s.phase).toBe('checking')
    // Nothing moves while the server checks.
    expect(run(s, '1', ' ').chosen).toEqual(['c'])
    s = sessionReducer(s, { type: 'checked', result: result(true) })
    expect(s).toMatchObject({ phase: 'feedback', right: 1, notYet: 0 })
    s = run(s, ' ')
    expect(s).toMatchObject({ phase: 'answering', index: 1, chosen: [], result: null })
    // Multiple choice: the keys tick and untick.
    s = run(s, '1', '3', '1')
    expect(s.chosen).toEqual(['c'])
    s = sessionReducer(run(s, 'Enter'), { type: 'checked', result: result(false) })
    s = run(s, 'Enter')
    expect(s).toMatchObject({ phase: 'done', right: 1, notYet: 1 })
  })

  it('leaves a text box its keys: digits and Space are part of a short answer', () => {
    let s = startSession([card('short')])
    expect(keyAction('1', s, 'other')).toBeNull()
    s = sessionReducer(s, { type: 'type', text: '6 m/s' })
    expect(answerOf(s)).toEqual({ text: '6 m/s' })
    expect(keyAction(' ', s, 'text')).toBeNull()
    expect(keyAction('Enter', s, 'text')).toBeNull()
    expect(keyAction(' ', s, 'other')).toEqual({ type: 'check' })
  })

  it('leaves buttons their keys, a checkbox its Space, and checks from a radio already chosen', () => {
    let s = run(startSession([card('single')]), '1')
    expect(keyAction(' ', s, 'button')).toBeNull()
    expect(keyAction(' ', s, 'checkbox')).toBeNull()
    expect(keyAction('Enter', s, 'checkbox')).toEqual({ type: 'check' })
    expect(keyAction(' ', s, 'radio')).toBeNull()
    expect(keyAction(' ', s, 'checked-radio')).toEqual({ type: 'check' })
    s = sessionReducer(sessionReducer(s, { type: 'check' }), { type: 'failed' })
    expect(s).toMatchObject({ phase: 'answering', chosen: ['a'] })
  })

  it('turns a Key idea with Space, grades it with 1–4 only once turned, and moves on when the grade is in', () => {
    let s = startSession([keyIdea('k1'), keyIdea('k2'), card('single')])
    expect(keyAction('3', s, 'other')).toBeNull()
    expect(keyAction(' ', s, 'button')).toBeNull()
    s = run(s, ' ')
    expect(s.phase).toBe('revealed')
    expect(keyAction('5', s, 'other')).toBeNull()
    expect(keyAction(' ', s, 'other')).toBeNull()
    // Digits grade even from a focused button (the one just clicked).
    expect(keyAction('2', s, 'button')).toEqual({ type: 'grade', grade: 'hard' })
    s = run(s, '1')
    expect(s).toMatchObject({ phase: 'checking', grade: 'again' })
    expect(run(s, '4').grade).toBe('again')
    s = sessionReducer(s, { type: 'failed' })
    expect(s).toMatchObject({ phase: 'revealed', index: 0 })
    s = sessionReducer(run(s, '1'), { type: 'graded' })
    expect(s).toMatchObject({ phase: 'answering', index: 1, notYet: 1, right: 0, grade: null })
    s = sessionReducer(run(s, 'Enter', '4'), { type: 'graded' })
    expect(s).toMatchObject({ phase: 'answering', index: 2, notYet: 1, right: 1 })
    // An exam question is not turned or graded.
    expect(keyAction('1', s, 'other')).toEqual({ type: 'choose', optionId: 'a' })
    expect(sessionReducer(s, { type: 'reveal' })).toBe(s)
  })

  it('has nothing to do without cards', () => {
    expect(startSession([]).phase).toBe('done')
  })
})
