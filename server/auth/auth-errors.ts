import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/constants.ts'
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '#common/errors.ts'
import { badInputBody, body } from '#server/http/error-handler.ts'

// Better Auth answers its refusals as { message, code } with its own codes (INVALID_PASSWORD,
// USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL, ...) and terse developer messages. The bridge answers them
// in the app's one error shape instead, as the API document promises: the status's code, a message
// for the person reading it, and the form field it belongs to where there is one.

/** What we say for a Better Auth code; `field` names the request's field, which differs by endpoint. */
interface Refusal {
  /** When the status alone would say the wrong thing (an existing account is a conflict, not 422). */
  code?: ErrorCode
  /**
   * Without one, Better Auth's message stands (our own hooks' messages are already written for
   * people). A function when the same code means different things on different endpoints.
   */
  message?: string | ((path: string) => string)
  field?: (path: string) => string
}

/** The password being checked: change-password calls it currentPassword, delete-user password. */
const checkedPassword = (path: string) => (path === '/change-password' ? 'currentPassword' : 'password')
/** The password being set: sign-up calls it password, change- and reset-password newPassword. */
const newPassword = (path: string) => (path === '/sign-up/email' ? 'password' : 'newPassword')
const field = (name: string) => () => name

const EXISTING_ACCOUNT: Refusal = {
  code: 'conflict',
  message: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
  field: field('email'),
}
const BAD_LINK: Refusal = {
  message: 'This link is invalid or has expired. Request a new one.',
  field: field('token'),
}
const LEAVES_INKWELL: Refusal = { message: 'The page to open afterwards must be on Inkwell' }
const PASSKEY_AGAIN = 'Try again, or sign in with your password or an e-mail link.'

const REFUSALS: Record<string, Refusal> = {
  UNAUTHORIZED: { message: 'Sign in to continue' },
  INVALID_EMAIL_OR_PASSWORD: {
    message: 'That e-mail and password do not match an account. Check them and try again.',
  },
  INVALID_EMAIL: { message: 'Enter a valid e-mail address', field: field('email') },
  INVALID_PASSWORD: { message: 'That password is not correct', field: checkedPassword },
  PASSWORD_TOO_SHORT: {
    message: `Use a password of at least ${PASSWORD_MIN_LENGTH} characters`,
    field: newPassword,
  },
  PASSWORD_TOO_LONG: {
    message: `Use a password of at most ${PASSWORD_MAX_LENGTH} characters`,
    field: newPassword,
  },
  USER_ALREADY_EXISTS: EXISTING_ACCOUNT,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: EXISTING_ACCOUNT,
  INVALID_TOKEN: BAD_LINK,
  TOKEN_EXPIRED: BAD_LINK,
  BANNED_USER: {
    message:
      'This account is suspended. If you think that is a mistake, write to us through the contact page.',
  },
  INVALID_CALLBACK_URL: LEAVES_INKWELL,
  INVALID_ERROR_CALLBACK_URL: LEAVES_INKWELL,
  INVALID_NEW_USER_CALLBACK_URL: LEAVES_INKWELL,
  INVALID_REDIRECT_URL: LEAVES_INKWELL,
  // Passkeys (the passkey plugin) and providers (decision 050).
  SESSION_NOT_FRESH: {
    message:
      "For your security, confirm it's you first: enter your password, or sign in again with an e-mail link.",
    // The web app asks for the confirmation when a refusal names this field.
    field: field('confirm'),
  },
  PASSKEY_NOT_FOUND: {
    message: (path) =>
      path === '/passkey/verify-authentication'
        ? 'This passkey is not registered here. Sign in with your password or an e-mail link, then add a passkey in Settings.'
        : 'This passkey is no longer on your account. Reload the page to see your passkeys.',
  },
  CHALLENGE_NOT_FOUND: { message: `That passkey request has expired. ${PASSKEY_AGAIN}` },
  AUTHENTICATION_FAILED: { message: `Your passkey could not be checked. ${PASSKEY_AGAIN}` },
  FAILED_TO_VERIFY_REGISTRATION: {
    message:
      'This passkey could not be added. Try again, or add one from another device or password manager.',
  },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: { message: 'Sign in again, then add the passkey.' },
  PROVIDER_NOT_FOUND: {
    code: 'not_found',
    message: 'This way of signing in is not offered here. Sign in with your e-mail instead.',
  },
  ACCOUNT_NOT_FOUND: {
    message: 'That account is no longer connected to yours. Reload the page to see how you sign in.',
  },
  // Thrown by our own hooks in auth.ts, with messages of ours.
  INVALID_PASSKEY_NAME: { field: field('name') },
  LAST_SIGN_IN_METHOD: {},
  UNSUPPORTED_SIGN_IN_REQUEST: {},
  PASSWORD_NOT_REMOVABLE: {},
  INVALID_NAME: { field: field('name') },
  IMAGE_NOT_ALLOWED: { field: field('image') },
  PASSWORD_REQUIRED: { field: field('password') },
}

/** Better Auth's input check: "[body.email] Invalid email address; [query.token] …". */
const VALIDATION_ISSUE = /\[(?:body|query)\.?([^\]]*)\] ([^;]*)/g

/**
 * A Better Auth refusal (any 4xx but 429, which keeps its Retry-After in the bridge) in the app's
 * error shape, for the endpoint's path under /api/auth ("/change-password").
 */
export function authRefusal(path: string, status: number, text: string): { status: number; body: ErrorBody } {
  const answer = parse(text)
  if (answer.code === 'VALIDATION_ERROR') {
    const fields: Record<string, string> = {}
    for (const [, name, message] of answer.message.matchAll(VALIDATION_ISSUE))
      fields[name || 'body'] ??= message
    return { status: ERROR_STATUS.bad_request, body: badInputBody(fields) }
  }
  const refusal = REFUSALS[answer.code] ?? {}
  const code = refusal.code ?? codeOf(status)
  const message =
    typeof refusal.message === 'function' ? refusal.message(path) : (refusal.message ?? answer.message)
  const name = refusal.field?.(path)
  return { status: ERROR_STATUS[code], body: body(code, message, name ? { [name]: message } : undefined) }
}

function parse(text: string): { code: string; message: string } {
  try {
    const data = JSON.parse(text) as { code?: unknown; message?: unknown }
    return {
      code: typeof data.code === 'string' ? data.code : '',
      message: typeof data.message === 'string' && data.message ? data.message : GENERIC,
    }
  } catch {
    return { code: '', message: GENERIC }
  }
}

const GENERIC = 'That did not work. Please check what you entered and try again.'

/** 401 → unauthorized, 403 → forbidden, ...; a status we have no code for (422) is a bad request. */
const codeOf = (status: number): ErrorCode =>
  (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status) ?? 'bad_request'
