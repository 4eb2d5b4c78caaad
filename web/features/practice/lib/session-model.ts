import type { PracticeCard, PracticeReviewInput, PracticeReviewResult } from '#common/schemas/practice.ts'

// A practice session as plain state, so the keys and the steps are tested without a browser:
// answering a card → checking it (the server's answer) → feedback → the next card → the summary.

export type Phase = 'answering' | 'checking' | 'feedback' | 'done'

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

export const startSession = (cards: PracticeCard[]): SessionState => ({
  cards,
  index: 0,
  phase: cards.length > 0 ? 'answering' : 'done',
  chosen: [],
  text: '',
  result: null,
  right: 0,
  notYet: 0,
})

export const currentCard = (state: SessionState): PracticeCard | undefined => state.cards[state.index]

/** The answer as the API takes it, or null while there is nothing to check. */
export function answerOf(state: SessionState): PracticeReviewInput['answer'] | null {
  const card = currentCard(state)
  if (!card) return null
  if (card.kind === 'short') return state.text.trim() ? { text: state.text } : null
  return state.chosen.length > 0 ? { optionIds: state.chosen } : null
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  const card = currentCard(state)
  switch (action.type) {
    case 'choose': {
      if (state.phase !== 'answering' || !card || card.kind === 'short') return state
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
      return state.phase === 'checking' ? { ...state, phase: 'answering' } : state
    case 'next': {
      if (state.phase !== 'feedback') return state
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
  }
}

/** Where a key was pressed, as far as the shortcuts care. */
export type KeyTarget = 'text' | 'button' | 'checkbox' | 'radio' | 'checked-radio' | 'other'

/**
 * What a key does in this state, or null when it is not the session's: 1–9 choose an option,
 * Space (or Enter) checks the answer and then continues. Text boxes keep their keys (a short
 * answer may be "6 m/s"), buttons and links keep Space and Enter, and a focused checkbox keeps
 * Space for ticking it (Enter checks there); a focused radio already chosen checks on Space.
 */
export function keyAction(key: string, state: SessionState, target: KeyTarget): SessionAction | null {
  if (target === 'text' || target === 'button') return null
  const card = currentCard(state)
  if (state.phase === 'answering' && card) {
    if (/^[1-9]$/.test(key) && card.kind !== 'short') {
      const option = card.options[Number(key) - 1]
      return option ? { type: 'choose', optionId: option.id } : null
    }
    const space = key === ' ' && (target === 'other' || target === 'checked-radio')
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
