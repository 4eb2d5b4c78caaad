import { setTimeout } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { parseRetryAfter, tooManyAttempts } from '#common/retry-after.ts'
import { body, internalErrorBody, notFoundBody } from '#server/http/error-handler.ts'
import { CLIENT_IP_HEADER } from './auth.ts'
import { authRefusal } from './auth-errors.ts'
import { requireUser } from './guards.ts'

const BASE_PATH = '/api/auth'

interface AuthEndpoint {
  /** The API document's name for it (what a generated client calls the method) and its one line. */
  operationId: string
  summary: string
  /** Better Auth answers 401 without a session. */
  session?: true
}

/**
 * The Better Auth endpoints Inkwell uses: what web/ calls through authClient (and useSession), and
 * the links our mails carry. Everything else Better Auth would answer — its admin API (set-role,
 * ban-user, impersonate-user, create-user, list-users…), update-user, list-sessions — bypasses
 * the rules our own routes keep, so it answers 404 like any unknown endpoint.
 */
export const AUTH_ENDPOINTS: Readonly<Record<string, AuthEndpoint>> = {
  // useSession()
  'GET /get-session': { operationId: 'getSession', summary: 'Read the session: who is signed in, or null' },
  'POST /sign-up/email': {
    operationId: 'signUp',
    summary: 'Create an account with an e-mail and a password',
  },
  'POST /sign-in/email': { operationId: 'signIn', summary: 'Sign in with an e-mail and a password' },
  'POST /sign-out': { operationId: 'signOut', summary: 'Sign out of this session' },
  'POST /sign-in/magic-link': { operationId: 'sendSignInLink', summary: 'Mail a sign-in link' },
  // The sign-in link in the mail.
  'GET /magic-link/verify': { operationId: 'openSignInLink', summary: 'Sign in from a mailed sign-in link' },
  // The links in the sign-up and change-e-mail mails.
  'GET /verify-email': {
    operationId: 'verifyEmail',
    summary: 'Confirm an e-mail address from its mailed link',
  },
  'POST /request-password-reset': {
    operationId: 'requestPasswordReset',
    summary: 'Mail a password reset link',
  },
  // The reset page sends the mailed token with the new password.
  'POST /reset-password': {
    operationId: 'resetPassword',
    summary: 'Set a new password with a mailed reset token',
  },
  'POST /change-email': {
    operationId: 'changeEmail',
    summary: "Change the account's e-mail address",
    session: true,
  },
  'POST /change-password': {
    operationId: 'changePassword',
    summary: "Change the account's password",
    session: true,
  },
  'POST /delete-user': {
    operationId: 'deleteAccount',
    summary: 'Delete the account, confirmed with its password',
    session: true,
  },
  'POST /revoke-sessions': {
    operationId: 'signOutEverywhere',
    summary: 'Sign out of every session',
    session: true,
  },
  // Passkeys (decision 050). Adding one needs a fresh sign-in (403 with `fields.confirm` otherwise).
  'GET /passkey/generate-register-options': {
    operationId: 'passkeyRegistrationOptions',
    summary: 'Start adding a passkey: the WebAuthn creation options (needs a fresh sign-in)',
    session: true,
  },
  'POST /passkey/verify-registration': {
    operationId: 'addPasskey',
    summary: "Add a passkey: the authenticator's answer to the creation options",
    session: true,
  },
  'GET /passkey/generate-authenticate-options': {
    operationId: 'passkeySignInOptions',
    summary: 'Start signing in with a passkey: the WebAuthn request options',
  },
  'POST /passkey/verify-authentication': {
    operationId: 'signInWithPasskey',
    summary: "Sign in with a passkey: the authenticator's answer to the request options",
  },
  'POST /passkey/update-passkey': {
    operationId: 'renamePasskey',
    summary: 'Rename a passkey',
    session: true,
  },
  'POST /passkey/delete-passkey': {
    operationId: 'removePasskey',
    summary: 'Remove a passkey (not the last way to sign in)',
    session: true,
  },
  // Google, GitHub and an OpenID Connect provider, each when configured (GET /api/sign-in-options).
  'POST /sign-in/social': {
    operationId: 'signInWithProvider',
    summary: 'Start signing in with a provider: its authorization URL (state, PKCE, nonce)',
  },
  'GET /callback/google': { operationId: 'googleCallback', summary: 'Where Google sends the person back' },
  'GET /callback/github': { operationId: 'githubCallback', summary: 'Where GitHub sends the person back' },
  'GET /callback/oidc': {
    operationId: 'openIdConnectCallback',
    summary: 'Where the OpenID Connect provider sends the person back',
  },
  'POST /link-social': {
    operationId: 'connectProvider',
    summary: 'Connect a provider account to this one (needs a fresh sign-in)',
    session: true,
  },
  'POST /unlink-account': {
    operationId: 'disconnectProvider',
    summary: 'Disconnect a provider account (needs a fresh sign-in; never the last way in)',
    session: true,
  },
}

/**
 * Answers that must take as long for an address with an account as for one without (decision
 * 010): the mail already goes out after the answer, but recording the reset token (an insert)
 * still costs a few ms more than Better Auth's dummy lookup for an unknown address. Below this
 * floor the difference does not show.
 */
const ANSWER_FLOOR_MS: Record<string, number> = { 'POST /request-password-reset': 100 }

/**
 * Hands /api/auth/* to Better Auth: Fastify request → Fetch Request → Fastify reply (every
 * Set-Cookie). Its refusals and failures come back in our error shape (auth-errors.ts); session
 * tokens stay in cookies.
 */
export function authRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: `${BASE_PATH}/*`,
    handler: async (req, reply) => {
      const started = performance.now()
      const path = req.url.split('?')[0].slice(BASE_PATH.length)
      const endpoint = `${req.method} ${path}`
      if (!Object.hasOwn(AUTH_ENDPOINTS, endpoint))
        return reply.code(404).send(notFoundBody(req.method, req.url))
      // Our guard first, as on our own routes: Better Auth would check the body before the session,
      // and answer a signed-out request with a bad body 400 instead of 401.
      if (AUTH_ENDPOINTS[endpoint].session) await requireUser(req)
      const headers = new Headers()
      for (const [key, value] of Object.entries(req.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v)
      }
      headers.set(CLIENT_IP_HEADER, req.ip ?? '127.0.0.1')
      const request = new Request(new URL(req.url, app.ctx.config.appUrl), {
        method: req.method,
        headers,
        body: req.method === 'POST' && req.body !== undefined ? JSON.stringify(req.body) : undefined,
      })
      const response = await app.ctx.auth.handler(request)
      const text = await response.text()
      const wait = (ANSWER_FLOOR_MS[endpoint] ?? 0) - (performance.now() - started)
      if (wait > 0) await setTimeout(wait)

      if (response.status === 429) {
        const retryAfter = parseRetryAfter(response.headers.get('x-retry-after')) ?? 60
        // A provider sent the browser back here: the person sees the sign-in page, not JSON.
        if (path.startsWith('/callback/'))
          return reply.redirect(`${app.ctx.config.appUrl}/login?error=rate_limited`)
        return reply
          .code(429)
          .header('retry-after', retryAfter)
          .send(body('rate_limited', tooManyAttempts(retryAfter)))
      }
      if (response.status >= 500) {
        // Whatever Better Auth says about its failure is for the log, not for the client.
        req.log.error({ status: response.status, body: text.slice(0, 2000) }, 'Better Auth failed')
        return reply.code(500).send(internalErrorBody(req.id))
      }

      const cookies = response.headers.getSetCookie()
      if (cookies.length) reply.header('set-cookie', cookies)
      if (response.status >= 400) {
        const refusal = authRefusal(path, response.status, text)
        return reply.code(refusal.status).send(refusal.body)
      }

      reply.status(response.status)
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value)
      })
      return reply.send(withoutTokens(text, response))
    },
  })
}

/**
 * Sign-in and sign-up answer the new session's token, get-session answers `session.token`: the
 * cookie already carries it (HTTP-only, out of scripts' reach), and the web app never reads it
 * from a body, where a script or a log could.
 */
function withoutTokens(text: string, response: Response): string | null {
  if (!text) return null
  if (!response.headers.get('content-type')?.includes('application/json')) return text
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return text
  }
  if (!isRecord(data)) return text
  delete data.token
  if (isRecord(data.session)) delete data.session.token
  return JSON.stringify(data)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
