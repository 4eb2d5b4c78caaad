import { type Actor, isAdmin } from './policy.ts'
import { reportPolicy } from './report.ts'
import { workRules } from './work.ts'

interface PostFacts {
  authorId: string
}

/** Who may do what to a post (and its discussion's locked state is the entitlement's, core/entitlement.ts). */
export const postPolicy = {
  ...workRules,
  /** Open it in the editor: whoever manages it (an admin's edit keeps a published post published). */
  edit: workRules.manage,
  /** Put it on the home page's featured shelf: admins. */
  feature: (actor: Actor | null, _post: PostFacts) => isAdmin(actor),
  report: reportPolicy.report,
  /** Read and join its discussion: whoever may read its body (its comments discuss and quote it). */
  discuss: (_actor: Actor | null, post: { bodyReadable: boolean }) => post.bodyReadable,
}
