import type { Actor } from './policy.ts'

interface PracticeCardFacts {
  userId: string
}

/** Who may do what to a practice card: it is its reader's alone (anyone else gets a 404). */
export const practicePolicy = {
  /** See it, answer it. Not even an admin: a card shows what its reader got wrong. */
  use: (actor: Actor | null, card: PracticeCardFacts) => !!actor && actor.id === card.userId,
}
