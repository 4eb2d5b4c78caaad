import { z } from 'zod'
import { PASSKEY_NAME_MAX_LENGTH } from '../constants.ts'
import { text } from './fields.ts'

// Ways to sign in beside the password and the e-mail link (decision 050): passkeys, and accounts
// at Google, GitHub or an OpenID Connect provider, each on when the server is configured for it.

export const SIGN_IN_PROVIDERS = ['google', 'github', 'oidc'] as const
export const SignInProviderId = z.enum(SIGN_IN_PROVIDERS)
export type SignInProviderId = z.infer<typeof SignInProviderId>

/** A configured provider: its id for Better Auth, and the name its button says ("Continue with …"). */
export const SignInProvider = z.object({ id: SignInProviderId, name: z.string() })
export type SignInProvider = z.infer<typeof SignInProvider>

/** GET /api/sign-in-options: what /login and /signup offer besides the e-mail. */
export const SignInOptions = z.object({ providers: z.array(SignInProvider) })
export type SignInOptions = z.infer<typeof SignInOptions>

export const PasskeyName = text('Give the passkey a name').max(
  PASSKEY_NAME_MAX_LENGTH,
  `Keep it under ${PASSKEY_NAME_MAX_LENGTH} characters`,
)

/** Renaming a passkey (Better Auth's /passkey/update-passkey: the server holds it to the same rule). */
export const RenamePasskeyInput = z.object({ name: PasskeyName })
export type RenamePasskeyInput = z.infer<typeof RenamePasskeyInput>

export const Passkey = z.object({
  id: z.string(),
  /** Null until the person names it. */
  name: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Synced by the password manager or platform (it survives losing this device). */
  backedUp: z.boolean(),
})
export type Passkey = z.infer<typeof Passkey>

export const LinkedAccount = z.object({
  /** The link's own id, what removing it names. */
  id: z.string(),
  providerId: SignInProviderId,
  /** The provider's name as the buttons say it. */
  name: z.string(),
  createdAt: z.iso.datetime(),
})
export type LinkedAccount = z.infer<typeof LinkedAccount>

/** GET /api/me/sign-in-methods: every way this person can sign in, and what they may add. */
export const SignInMethods = z.object({
  password: z.boolean(),
  passkeys: z.array(Passkey),
  accounts: z.array(LinkedAccount),
  /** Configured providers not linked yet. */
  available: z.array(SignInProvider),
  /**
   * Until when this session counts as a fresh sign-in, so adding a passkey or an account needs no
   * confirmation; null when it no longer does.
   */
  freshUntil: z.iso.datetime().nullable(),
})
export type SignInMethods = z.infer<typeof SignInMethods>
