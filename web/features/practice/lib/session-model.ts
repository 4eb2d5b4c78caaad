import {
  PRACTICE_GRADES,
  type PracticeCard,
  type PracticeGrade,
  type PracticeReviewInput,
  type PracticeReviewResult,
} from '#common/schemas/practice.ts'

// A practice session as plain state, so the keys and the steps are tested without a browser:
// answering a card → checking it (the server's answer) → feedback → the next card → the summary.
// A Key idea (decision 052): its front → revealed (the back) → graded 1–4 → the next card.

export type Phase = 'answering' | 'revealed' | 'checking' | 'feedback' | 'done'

export interface SessionState {
  cards: PracticeCard[]
  index: number
  phase: Phase
  /** The options chosen for the current card. */
  chosen: string[]
  /** The text typed for a short answer. */
  text: string
  /** The server's answer to the current card, in feedback. */
  result: PracticeReviewResult | null
  /** The grade given to the current Key idea, while the server takes it. */
  grade: PracticeGrade | null
  right: number
  notYet: number
}

export type SessionAction =
  | { type: 'choose'; optionId: string }
  | { type: 'type'; text: string }
  | { type: 'check' }
  | { type: 'checked'; result: PracticeReviewResult }
  | { type: 'failed' }
  | { type: 'next' }
  | { type: 'reveal' }
  | { type: 'grade'; grade: PracticeGrade }
  | { type: 'graded' }

export const startSession = (cards: PracticeCard[]): SessionState => ({
  cards,
  index: 0,
  phase: cards.length > 0 ? 'answering' : 'done',
  chosen: [],
  text: '',
  result: null,
  grade: null,
  right: 0,
  notYet: 0,
})

export const currentCard = (state: SessionState): PracticeCard | undefined => state.cards[state.index]

/** The answer as the API takes it, or null while there is nothing to check. */
export function answerOf(state: SessionState): PracticeReviewInput['answer'] | null {
  const card = currentCard(state)
  if (card?.source !== 'exam_question') return null
  if (card.kind === 'short') return state.text.trim() ? { text: state.text } : null
  return state.chosen.length > 0 ? { optionIds: state.chosen } : null
}

/** The next card, or the summary after the last. */
function advance(state: SessionState): SessionState {
  const index = state.index + 1
  return {
    ...state,
    index,
    phase: index < state.cards.length ? 'answering' : 'done',
    chosen: [],
    text: '',
    result: null,
  }
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  const card = currentCard(state)
  const flashcard = card?.source === 'flashcard'
  switch (action.type) {
    case 'choose': {
      if (state.phase !== 'answering' || card?.source !== 'exam_question' || card.kind === 'short')
        return state
      if (!card.options.some((o) => o.id === action.optionId)) return state
      if (card.kind !== 'multiple') return { ...state, chosen: [action.optionId] }
      const chosen = state.chosen.includes(action.optionId)
        ? state.chosen.filter((id) => id !== action.optionId)
        : [...state.chosen, action.optionId]
      return { ...state, chosen }
    }
    case 'type':
      return state.phase === 'answering' ? { ...state, text: action.text } : state
    case 'check':
      return state.phase === 'answering' && answerOf(state) ? { ...state, phase: 'checking' } : state
    case 'checked':
      if (state.phase !== 'checking') return state
      return {
        ...state,
        phase: 'feedback',
        result: action.result,
        right: state.right + (action.result.correct ? 1 : 0),
        notYet: state.notYet + (action.result.correct ? 0 : 1),
      }
    case 'failed':
      return state.phase === 'checking' ? { ...state, phase: flashcard ? 'revealed' : 'answering' } : state
    case 'next':
      return state.phase === 'feedback' ? advance(state) : state
    case 'reveal':
      return state.phase === 'answering' && flashcard ? { ...state, phase: 'revealed' } : state
    case 'grade':
      return state.phase === 'revealed' ? { ...state, phase: 'checking', grade: action.grade } : state
    case 'graded': {
      if (state.phase !== 'checking' || !flashcard) return state
      // Again is "not yet"; Hard, Good and Easy were recalled.
      const recalled = state.grade !== 'again'
      return advance({
        ...state,
        right: state.right + (recalled ? 1 : 0),
        notYet: state.notYet + (recalled ? 0 : 1),
        grade: null,
      })
    }
  }
}

/** Where a key was pressed, as far as the shortcuts care. */
export type KeyTarget = 'text' | 'button' | 'checkbox' | 'radio' | 'checked-radio' | 'other'

/**
 * What a key does in this state, or null when it is not the session's: 1–9 choose an option,
 * Space (or Enter) checks the answer and then continues. A Key idea: Space (or Enter) shows its
 * back, then 1–4 grade it Again, Hard, Good or Easy. Text boxes keep their keys (a short
 * answer may be "6 m/s"), buttons and links keep Space and Enter, and a focused checkbox keeps
 * Space for ticking it (Enter checks there); a focused radio already chosen checks on Space.
 */
export function keyAction(key: string, state: SessionState, target: KeyTarget): SessionAction | null {
  if (target === 'text') return null
  const card = currentCard(state)
  const space = key === ' ' && (target === 'other' || target === 'checked-radio')
  if (card?.source === 'flashcard') {
    // A focused button keeps Space and Enter; digits press no button, so 1–4 grade from anywhere.
    if (state.phase === 'answering' && (space || key === 'Enter') && target !== 'button')
      return { type: 'reveal' }
    const grade = PRACTICE_GRADES[Number(key) - 1]
    if (state.phase === 'revealed' && /^[1-4]$/.test(key) && grade) return { type: 'grade', grade }
    return null
  }
  if (target === 'button') return null
  if (state.phase === 'answering' && card) {
    if (/^[1-9]$/.test(key) && card.kind !== 'short') {
      const option = card.options[Number(key) - 1]
      return option ? { type: 'choose', optionId: option.id } : null
    }
    if ((space || key === 'Enter') && answerOf(state)) return { type: 'check' }
    return null
  }
  if (state.phase === 'feedback' && (key === ' ' || key === 'Enter')) return { type: 'next' }
  return null
}

/** The kind of element a key event came from. */
export function keyTargetOf(element: EventTarget | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'other'
  if (element instanceof HTMLInputElement) {
    if (element.type === 'checkbox') return 'checkbox'
    if (element.type === 'radio') return element.checked ? 'checked-radio' : 'radio'
    return 'text'
  }
  if (element instanceof HTMLTextAreaElement || element.isContentEditable) return 'text'
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) return 'button'
  return 'other'
}
