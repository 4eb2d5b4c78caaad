import { type Actor, isAdmin } from './policy.ts'

interface AccountFacts {
  id: string
}

/** Who may change a person's account (their role, a suspension). */
export const accountPolicy = {
  /** Admins manage other accounts; nobody changes their own role or suspends themselves. */
  manage: (actor: Actor | null, account: AccountFacts) => isAdmin(actor) && actor!.id !== account.id,
}
