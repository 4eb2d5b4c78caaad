import { type Actor, isAuthor } from './policy.ts'

/** Who may report something to the admins (a post, a comment, a thread, a reply, a review). */
export const reportPolicy = {
  /** Anyone signed in, about what someone else wrote. */
  report: (actor: Actor | null, target: { authorId: string }) => !!actor && !isAuthor(actor, target),
}
