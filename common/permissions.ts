import type { Role } from './schemas/profile.ts'

// Who may do what, as pure functions. The server enforces them; the web uses them to hide controls.

export interface Actor {
  id: string
  role: Role | null
}

export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin'

/** Admins manage other accounts; nobody changes their own role or suspends themselves. */
export const canManageUser = (actor: Actor, targetId: string): boolean =>
  isAdmin(actor) && actor.id !== targetId
