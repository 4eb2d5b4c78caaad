import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { admin, magicLink } from 'better-auth/plugins'
import type { FastifyBaseLogger } from 'fastify'
import {
  MAGIC_LINK_EXPIRES_MINUTES,
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
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
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
    // instead of Better Auth's console.error and empty 500.
    onAPIError: { throw: true },
    hooks: {
      // Better Auth would delete a fresh session's account without a password; we always ask for it.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/delete-user' && !ctx.body?.password) {
          throw new APIError('BAD_REQUEST', {
            message: 'Enter your password to confirm',
            code: 'PASSWORD_REQUIRED',
          })
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, ...checkUserInput(user) } }),
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
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
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

const welcomeMessage = (name: string) => {
  const firstName = name.trim().split(/\s+/)[0]
  return `Welcome to Inkwell${firstName ? `, ${firstName}` : ''}! Finish your profile to get started.`
}
