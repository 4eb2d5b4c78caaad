import type { Role } from '#common/schemas/profile.ts'
import { AppError } from '#server/errors.ts'

/** Whoever acts: a signed-in person (a SessionUser fits), or null for a visitor. */
export interface Actor {
  id: string
  role: Role | null
}

/** A rule: may this actor do this to this resource? Pure, so the flags a resource sends use it too. */
export type Rule<R> = (actor: Actor | null, resource: R) => boolean

export type Policy<R> = Record<string, Rule<R>>

export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin'

export const isAuthor = (actor: Actor | null | undefined, resource: { authorId: string }): boolean =>
  !!actor && actor.id === resource.authorId

/**
 * Throws 403 with `refusal` unless the rule allows. Where a refusal must not confirm that something
 * exists (a draft), the service checks `policy.rule(...)` itself and throws its 404.
 */
export function authorize<R>(rule: Rule<R>, actor: Actor | null, resource: R, refusal: string): void {
  if (!rule(actor, resource)) throw new AppError('forbidden', refusal)
}

type Flags<A extends string> = { [K in A as `can${Capitalize<K>}`]: boolean }

/** The capability flags a resource sends (canEdit, canDelete…), from the same rules the server enforces. */
export function capabilities<R, A extends string>(
  policy: Record<A, Rule<R>>,
  actor: Actor | null,
  resource: R,
  actions: readonly A[],
): Flags<A> {
  const flags: Record<string, boolean> = {}
  for (const action of actions)
    flags[`can${action[0].toUpperCase()}${action.slice(1)}`] = policy[action](actor, resource)
  return flags as Flags<A>
}
