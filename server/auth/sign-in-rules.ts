import { APIError, getSessionFromCtx } from 'better-auth/api'
import { RenamePasskeyInput } from '#common/schemas/sign-in-methods.ts'
import type { Db } from '#server/db/client.ts'
import { accountProvider, CREDENTIAL, freshUntil, methodsLeft, passkeyOwner } from './sign-in-methods.ts'

// Our rules for Better Auth's passkey and provider endpoints (decision 050), run before Better
// Auth's own: what they do not check, or check with answers we would not give.

interface HookContext {
  path: string
  body?: Record<string, unknown> | null
  headers?: Headers
}

const LAST_METHOD = () =>
  new APIError('CONFLICT', {
    code: 'LAST_SIGN_IN_METHOD',
    message:
      'This is your only way to sign in. Add a passkey or connect another account before you remove it.',
  })
const NO_PASSKEY = () =>
  new APIError('NOT_FOUND', { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' })

/** The signed-in person, for the endpoints that need one (the bridge already answered 401 without). */
async function personOf(ctx: HookContext) {
  const found = await getSessionFromCtx(ctx as never)
  if (!found) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return found
}

export async function signInMethodRules(ctx: HookContext, db: Db): Promise<void> {
  switch (ctx.path) {
    case '/sign-in/social':
    case '/link-social': {
      // The web sends the person to the provider and back; an ID token posted straight from a
      // client (Better Auth's one-tap path) would skip state, PKCE and the nonce we test.
      if (ctx.body?.idToken !== undefined || ctx.body?.scopes !== undefined)
        throw new APIError('BAD_REQUEST', {
          code: 'UNSUPPORTED_SIGN_IN_REQUEST',
          message: 'Sign in through the button on the sign-in page',
        })
      if (ctx.path === '/link-social') {
        // Linking adds a way into the account: only right after proving it is theirs.
        const { session } = await personOf(ctx)
        if (!freshUntil(new Date(session.createdAt)))
          throw new APIError('FORBIDDEN', { code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' })
      }
      return
    }
    case '/passkey/update-passkey': {
      const { user } = await personOf(ctx)
      const parsed = RenamePasskeyInput.safeParse({ name: ctx.body?.name })
      if (!parsed.success)
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_PASSKEY_NAME',
          message: parsed.error.issues[0].message,
        })
      // Someone else's passkey is no passkey of theirs: a 404, as for any item they may not see.
      if (typeof ctx.body?.id !== 'string' || (await passkeyOwner(db, ctx.body.id)) !== user.id)
        throw NO_PASSKEY()
      ctx.body.name = parsed.data.name
      return
    }
    case '/passkey/delete-passkey': {
      const { user } = await personOf(ctx)
      const id = ctx.body?.id
      if (typeof id !== 'string' || (await passkeyOwner(db, id)) !== user.id) throw NO_PASSKEY()
      if ((await methodsLeft(db, user.id, { passkeyId: id })) === 0) throw LAST_METHOD()
      return
    }
    case '/unlink-account': {
      const { user } = await personOf(ctx)
      const id = ctx.body?.accountId
      const provider = typeof id === 'string' ? await accountProvider(db, user.id, id) : null
      if (!provider)
        throw new APIError('BAD_REQUEST', { code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' })
      if (provider === CREDENTIAL)
        throw new APIError('BAD_REQUEST', {
          code: 'PASSWORD_NOT_REMOVABLE',
          message: 'Your password cannot be removed. Change it in Settings → Password instead.',
        })
      if ((await methodsLeft(db, user.id, { accountId: id as string })) === 0) throw LAST_METHOD()
      return
    }
  }
}
