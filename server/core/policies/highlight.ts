import type { Actor } from './policy.ts'

interface HighlightFacts {
  userId: string
}

/** Who may do what to a highlight: it is its reader's alone (anyone else gets a 404). */
export const highlightPolicy = {
  /** Read, change, delete, export it. Not even an admin: a note is private (decision 055). */
  own: (actor: Actor | null, highlight: HighlightFacts) => !!actor && actor.id === highlight.userId,
}
