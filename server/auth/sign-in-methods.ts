import { and, asc, count, eq, ne } from 'drizzle-orm'
import { FRESH_SIGN_IN_MINUTES } from '#common/constants.ts'
import type { SignInMethods, SignInProvider, SignInProviderId } from '#common/schemas/sign-in-methods.ts'
import { systemClock } from '#server/clock.ts'
import type { Db } from '#server/db/client.ts'
import { account, passkey, session } from '#server/db/schema/auth.ts'
import type { Config } from '#server/env.ts'

// The ways a person signs in (decision 050): their password, each passkey and each linked account
// at a provider. The e-mail link always works besides, as long as the address does: it is not
// counted, so nobody is left with only their mailbox.

const PROVIDER_NAMES: Record<Exclude<SignInProviderId, 'oidc'>, string> = {
  google: 'Google',
  github: 'GitHub',
}

/** The providers this server is configured for, in the order the buttons show them. */
export function configuredProviders(config: Config): SignInProvider[] {
  const { google, github, oidc } = config.providers
  return [
    ...(google ? [{ id: 'google' as const, name: PROVIDER_NAMES.google }] : []),
    ...(github ? [{ id: 'github' as const, name: PROVIDER_NAMES.github }] : []),
    ...(oidc ? [{ id: 'oidc' as const, name: oidc.name }] : []),
  ]
}

/** The name a provider's buttons and messages use ("Google", or OIDC_NAME). */
export function providerName(config: Config, providerId: string): string {
  if (providerId === 'oidc') return config.providers.oidc?.name ?? 'your organisation'
  return PROVIDER_NAMES[providerId as keyof typeof PROVIDER_NAMES] ?? providerId
}

/** Better Auth's own account row for the password. */
export const CREDENTIAL = 'credential'

/** Whether a session, created at `createdAt`, still counts as a fresh sign-in, and until when. */
export function freshUntil(createdAt: Date, now = systemClock.now()): Date | null {
  const until = new Date(createdAt.getTime() + FRESH_SIGN_IN_MINUTES * 60_000)
  return until > now ? until : null
}

export async function signInMethodsOf(
  db: Db,
  config: Config,
  userId: string,
  sessionId: string,
): Promise<SignInMethods> {
  const [accounts, passkeys, [current]] = await Promise.all([
    db
      .select({ id: account.id, providerId: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId))
      .orderBy(asc(account.createdAt), asc(account.id)),
    db
      .select({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt,
        backedUp: passkey.backedUp,
      })
      .from(passkey)
      .where(eq(passkey.userId, userId))
      .orderBy(asc(passkey.createdAt), asc(passkey.id)),
    db.select({ createdAt: session.createdAt }).from(session).where(eq(session.id, sessionId)),
  ])
  const providers = configuredProviders(config)
  const linked = accounts.filter((a) => a.providerId !== CREDENTIAL)
  return {
    password: accounts.some((a) => a.providerId === CREDENTIAL),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: (p.createdAt ?? new Date(0)).toISOString(),
      backedUp: p.backedUp,
    })),
    // A link to a provider this server no longer offers still shows, so it can be removed.
    accounts: linked.map((a) => ({
      id: a.id,
      providerId: a.providerId as SignInProviderId,
      name: providerName(config, a.providerId),
      createdAt: a.createdAt.toISOString(),
    })),
    available: providers.filter((p) => !linked.some((a) => a.providerId === p.id)),
    freshUntil: current ? (freshUntil(current.createdAt)?.toISOString() ?? null) : null,
  }
}

/**
 * How many ways to sign in the person keeps once `leaving` is gone: their password, their other
 * passkeys and their other linked accounts.
 */
export async function methodsLeft(
  db: Db,
  userId: string,
  leaving: { passkeyId: string } | { accountId: string },
): Promise<number> {
  const [[accounts], [passkeys]] = await Promise.all([
    db
      .select({ n: count() })
      .from(account)
      .where(
        and(
          eq(account.userId, userId),
          'accountId' in leaving ? ne(account.id, leaving.accountId) : undefined,
        ),
      ),
    db
      .select({ n: count() })
      .from(passkey)
      .where(
        and(
          eq(passkey.userId, userId),
          'passkeyId' in leaving ? ne(passkey.id, leaving.passkeyId) : undefined,
        ),
      ),
  ])
  return accounts.n + passkeys.n
}

/** The passkey's owner, or null when there is no such passkey. */
export async function passkeyOwner(db: Db, passkeyId: string): Promise<string | null> {
  const [row] = await db.select({ userId: passkey.userId }).from(passkey).where(eq(passkey.id, passkeyId))
  return row?.userId ?? null
}

/** The linked account's provider, when it is this person's; else null. */
export async function accountProvider(db: Db, userId: string, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(and(eq(account.id, accountId), eq(account.userId, userId)))
  return row?.providerId ?? null
}
