import { type Actor, isAdmin } from './policy.ts'
import { workRules } from './work.ts'

interface ExamFacts {
  authorId: string
}

/** Who may do what to an exam. */
export const examPolicy = {
  ...workRules,
  /** See every attempt's details and the statistics: whoever manages it. */
  seeStats: workRules.manage,
  /** Delete it once people have taken it (their results go with it): admins only, as moderation. */
  deleteTaken: (actor: Actor | null, _exam: ExamFacts) => isAdmin(actor),
}
