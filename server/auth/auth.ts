import { passkey } from '@better-auth/passkey'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { admin, genericOAuth, magicLink } from 'better-auth/plugins'
import type { FastifyBaseLogger } from 'fastify'
import {
  FRESH_SIGN_IN_MINUTES,
  MAGIC_LINK_EXPIRES_MINUTES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_LINK_EXPIRES_MINUTES,
} from '#common/constants.ts'
import { PersonName } from '#common/schemas/fields.ts'
import type { Clock } from '#server/clock.ts'
import { notify } from '#server/core/notify.ts'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'
import type { Config } from '#server/env.ts'
import { trustedOrigins } from '#server/http/same-origin.ts'
import type { Mailer } from '#server/mail/mailer.ts'
import { changeEmailMail, magicLinkMail, resetPasswordMail, verifyEmailMail } from '#server/mail/templates.ts'
import { accountClosingProblem } from './account-closing.ts'
import { PASSWORD_HASH_COST, scryptHashing } from './password-hashing.ts'
import { CREDENTIAL } from './sign-in-methods.ts'
import { signInMethodRules } from './sign-in-rules.ts'

/** The header our Fastify bridge sets from the socket (or trusted proxy) address. Clients can't set it. */
export const CLIENT_IP_HEADER = 'x-inkwell-client-ip'

export interface AuthDeps {
  config: Config
  db: Db
  mailer: Mailer
  log: FastifyBaseLogger
  clock: Clock
  /**
   * Runs Better Auth's mail sends after the answer (password reset, verification, e-mail change),
   * so an answer takes as long for an address with an account as for one without (decision 010).
   * Without it (the demo seed) they are awaited.
   */
  background?: (task: Promise<unknown>) => void
  /** Called after Better Auth deleted a user row (cascade removed sessions and profile). */
  onUserDeleted: (user: { id: string; image?: string | null }) => Promise<void>
}

export function createAuth({ config, db, mailer, log, clock, background, onUserDeleted }: AuthDeps) {
  const { google, github, oidc } = config.providers
  const appOrigin = new URL(config.appUrl)
  return betterAuth({
    appName: 'Inkwell',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // Into the app's structured log (and its level), not straight onto the console.
    logger: { log: (level, message, ...args) => log[level]({ args }, `[Better Auth] ${message}`) },
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_EXPIRES_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      password:
        config.passwordHashCost === PASSWORD_HASH_COST ? undefined : scryptHashing(config.passwordHashCost),
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(resetPasswordMail(user.email, `${config.appUrl}/reset-password?token=${token}`))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verifyEmailMail(user.email, url))
      },
    },
    user: {
      // An account made from a provider's word needs the provider to have verified the address:
      // else anyone could claim someone's e-mail at Inkwell through a provider that does not check.
      validateUserInfo: ({ user, source }) => {
        if (source.method !== 'oauth' || source.action === 'sign-in') return
        if (user.emailVerified !== true)
          return {
            error: 'provider_email_not_verified',
            errorDescription: "The provider has not verified this account's e-mail",
          }
      },
      changeEmail: {
        enabled: true,
        updateEmailWithoutVerification: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await mailer.send(changeEmailMail(user.email, newEmail, url))
        },
      },
      deleteUser: {
        enabled: true,
        // After the password check: readers keep the books they bought and the months they paid for.
        beforeDelete: async (user) => {
          const problem = await accountClosingProblem(db, user.id, clock.now())
          if (problem) throw new APIError('CONFLICT', { message: problem })
        },
        afterDelete: async (user) => onUserDeleted(user),
      },
    },
    // freshAge: adding a passkey and removing a linked account need a sign-in this recent
    // (decision 050); our hook holds linking a provider to the same.
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, freshAge: FRESH_SIGN_IN_MINUTES * 60 },
    // Google and GitHub, each on when configured; any OpenID Connect provider through genericOAuth.
    socialProviders: {
      ...(google && { google: { ...google, prompt: 'select_account' as const } }),
      ...(github && { github }),
    },
    account: {
      accountLinking: {
        enabled: true,
        // A provider account whose e-mail matches an Inkwell account is never linked at sign-in:
        // the person signs in as they did before and connects it in Settings (decision 050).
        disableImplicitLinking: true,
        trustedProviders: [],
        // Connecting from Settings proves both ends, so the addresses may differ (a school's).
        allowDifferentEmails: true,
        // Our hook keeps the last way to sign in, counting passkeys, which Better Auth does not.
        allowUnlinkingAll: true,
      },
    },
    // Per client address, so only what guesses or sends mail is limited: a school or an office
    // behind one address reads its sessions and follows its mailed links freely (their tokens
    // cannot be guessed). The first matching rule wins; '/**' switches the rest off.
    rateLimit: {
      enabled: config.rateLimit,
      storage: 'database',
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60 * 10, max: 10 },
        '/request-password-reset': { window: 60 * 10, max: 5 },
        '/sign-in/magic-link': { window: 60 * 10, max: 5 },
        '/change-password': { window: 60 * 10, max: 10 },
        '/change-email': { window: 60 * 10, max: 5 },
        '/delete-user': { window: 60 * 10, max: 10 },
        // Passkeys and providers (decision 050): what signs in like a password guess, what writes
        // a challenge or a state row, and what adds or removes a way in.
        '/passkey/generate-authenticate-options': { window: 60, max: 30 },
        '/passkey/verify-authentication': { window: 60, max: 10 },
        '/passkey/generate-register-options': { window: 60 * 10, max: 10 },
        '/passkey/verify-registration': { window: 60 * 10, max: 10 },
        '/passkey/update-passkey': { window: 60 * 10, max: 30 },
        '/passkey/delete-passkey': { window: 60 * 10, max: 30 },
        '/sign-in/social': { window: 60, max: 10 },
        '/callback/*': { window: 60, max: 10 },
        '/link-social': { window: 60 * 10, max: 10 },
        '/unlink-account': { window: 60 * 10, max: 10 },
        '/**': false,
      },
    },
    advanced: {
      // Better Auth turns its origin and callback-URL checks off when NODE_ENV=test (or TEST is
      // set): keep them on everywhere, so tests exercise what production runs.
      disableOriginCheck: false,
      // Secure cookies (and the __Secure- name) in production whatever APP_URL says: TLS may end
      // at a proxy in front of an http APP_URL, the browser still sees https.
      useSecureCookies: config.env === 'production',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      backgroundTasks: background && { handler: background },
      database: { generateId: () => crypto.randomUUID() },
    },
    // An unexpected failure reaches our error handler (logged with the request id, a generic 500)
    // instead of Better Auth's console.error and empty 500. A provider's callback that fails
    // without its own error page (a state it cannot read) goes to sign-in with ?error=CODE.
    onAPIError: { throw: true, errorURL: `${config.appUrl}/login` },
    hooks: {
      // Better Auth would delete a fresh session's account without a password; we always ask for it.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/delete-user' && !ctx.body?.password) {
          throw new APIError('BAD_REQUEST', {
            message: 'Enter your password to confirm',
            code: 'PASSWORD_REQUIRED',
          })
        }
        await signInMethodRules(ctx, db)
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => ({
            data: { ...user, ...(fromProvider(ctx?.path) ? providerUserInput(user) : checkUserInput(user)) },
          }),
          after: async (user) => {
            await db.transaction(async (tx) => {
              await tx.insert(schema.profile).values({ userId: user.id }).onConflictDoNothing()
              await notify(tx, user.id, 'welcome', welcomeMessage(user.name), '/welcome')
            })
          },
        },
        // /update-user takes any name and image: hold it to the same rules as sign-up.
        update: { before: async (user) => ({ data: { ...user, ...checkUserInput(user) } }) },
      },
      account: {
        // Inkwell only signs people in with a provider and never calls its API: its tokens are not
        // kept (nothing to leak, nothing to refresh).
        create: { before: async (row) => ({ data: { ...row, ...withoutProviderTokens(row.providerId) } }) },
        update: { before: async (row) => ({ data: { ...row, ...withoutProviderTokens(row.providerId) } }) },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      // The relying party is APP_URL: its host is the passkeys' scope, its origin the only one whose
      // ceremonies count. Discoverable credentials, so a passkey signs in without an e-mail first.
      passkey({
        rpID: appOrigin.hostname,
        rpName: 'Inkwell',
        origin: appOrigin.origin,
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // ID tokens are checked against the issuer's keys, its name and our nonce.
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
      magicLink({
        disableSignUp: true,
        expiresIn: MAGIC_LINK_EXPIRES_MINUTES * 60,
        sendMagicLink: async ({ email, url }) => {
          await mailer.send(magicLinkMail(email, url))
        },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

/**
 * The user fields a client can send to Better Auth (sign-up, /update-user). The picture is only
 * set by our upload route: a client-chosen URL could point at someone else's stored file, which
 * would then be deleted along with this account's avatar.
 */
function checkUserInput(user: { name?: string; image?: string | null }): { name?: string } {
  if (user.image !== undefined)
    throw new APIError('BAD_REQUEST', {
      message: 'Upload your picture from your profile settings',
      code: 'IMAGE_NOT_ALLOWED',
    })
  if (user.name === undefined) return {}
  const name = PersonName.safeParse(user.name)
  if (!name.success)
    throw new APIError('BAD_REQUEST', { message: name.error.issues[0].message, code: 'INVALID_NAME' })
  return { name: name.data }
}

/** Better Auth's OAuth callbacks, where an account can be made from a provider's profile. */
const fromProvider = (path: string | undefined) => Boolean(path?.startsWith('/callback/'))

/**
 * A provider's profile as a new Inkwell account: its picture is not taken (pictures are uploaded
 * here), and a name our rules refuse becomes one they accept.
 */
function providerUserInput(user: { name?: string; email?: string; image?: string | null }) {
  const name = PersonName.safeParse(user.name ?? '')
  const fallback = (user.email ?? '').split('@')[0].slice(0, NAME_MAX_LENGTH) || 'Reader'
  return {
    image: undefined,
    name: name.success
      ? name.data
      : (PersonName.safeParse((user.name ?? '').slice(0, NAME_MAX_LENGTH)).data ?? fallback),
  }
}

const withoutProviderTokens = (providerId: string | undefined) =>
  providerId === CREDENTIAL ? {} : { accessToken: null, refreshToken: null, idToken: null }

const welcomeMessage = (name: string) => {
  const firstName = name.trim().split(/\s+/)[0]
  return `Welcome to Inkwell${firstName ? `, ${firstName}` : ''}! Finish your profile to get started.`
}
