import { type Actor, isAuthor } from './policy.ts'
import { workRules } from './work.ts'

interface BookFacts {
  authorId: string
}

/** Who may do what to a book. */
export const bookPolicy = {
  ...workRules,
  /** Rate and review it: a reader who owns it, never its author. */
  rate: (actor: Actor | null, book: BookFacts & { owned: boolean }) =>
    !!actor && !isAuthor(actor, book) && book.owned,
}
