import { type Actor, isAuthor } from './policy.ts'
import { workRules } from './work.ts'

interface BookFacts {
  authorId: string
}

/** Who may do what to a book. */
export const bookPolicy = {
  ...workRules,
  /** Review it at all: anyone signed in but its author. */
  review: (actor: Actor | null, book: BookFacts) => !!actor && !isAuthor(actor, book),
  /** Rate and review it: a reader who owns it, never its author. */
  rate: (actor: Actor | null, book: BookFacts & { owned: boolean }) =>
    bookPolicy.review(actor, book) && book.owned,
}
