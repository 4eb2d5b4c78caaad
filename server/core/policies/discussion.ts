import { type Actor, isAdmin, isAuthor } from './policy.ts'

// Forum threads and replies, and comments under posts: what people write in a discussion.

interface Contribution {
  authorId: string
  deleted?: boolean
}

export const contributionPolicy = {
  /** Edit it: its author, while it stands. */
  edit: (actor: Actor | null, c: Contribution) => isAuthor(actor, c) && !c.deleted,
  /** Delete it: its author or an admin, while it stands. */
  delete: (actor: Actor | null, c: Contribution) => (isAuthor(actor, c) || isAdmin(actor)) && !c.deleted,
}

interface ThreadFacts extends Contribution {
  /** Whether anyone but its author has replied: their words are not the author's to delete. */
  othersReplied: boolean
}

export const threadPolicy = {
  edit: contributionPolicy.edit,
  /** Delete it: an admin, or its author while nobody else has replied. */
  delete: (actor: Actor | null, t: ThreadFacts) => isAdmin(actor) || (isAuthor(actor, t) && !t.othersReplied),
  /** Pin, lock, move or remove it: admins. */
  moderate: (actor: Actor | null, _t: ThreadFacts) => isAdmin(actor),
  /** Mark a reply as the answer: the thread's author. */
  accept: (actor: Actor | null, t: Contribution) => isAuthor(actor, t),
}
