import { type Actor, isAdmin, isAuthor } from './policy.ts'

// What posts, books and exams (a writer's works) share: who manages one, who sends it to review,
// and whose changes skip review. Each work's own policy adds what is particular to it.

interface Work {
  authorId: string
}

export const workRules = {
  /** See it unpublished, edit it, delete it: its author, or any admin. */
  manage: (actor: Actor | null, work: Work) => isAuthor(actor, work) || isAdmin(actor),
  /** Send it to review: its author only (an admin submits their own works, not others'). */
  submit: (actor: Actor | null, work: Work) => isAuthor(actor, work),
  /** Publish without review, and edit a published work without sending it back: admins. */
  publish: (actor: Actor | null, _work?: Work) => isAdmin(actor),
}
