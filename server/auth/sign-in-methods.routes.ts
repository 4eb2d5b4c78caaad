import { SignInMethods, SignInOptions } from '#common/schemas/sign-in-methods.ts'
import type { App } from '#server/http/app-type.ts'
import { actor, readSession, requireUser } from './guards.ts'
import { configuredProviders, signInMethodsOf } from './sign-in-methods.ts'

// What the sign-in screens offer, and how a person signs in (decision 050). Adding, renaming and
// removing go through Better Auth's endpoints (auth.routes.ts), under our rules (sign-in-rules.ts).

export function signInMethodRoutes(app: App) {
  app.get(
    '/api/sign-in-options',
    {
      schema: {
        operationId: 'getSignInOptions',
        summary: 'The providers /login and /signup offer: only those configured',
        response: { 200: SignInOptions },
      },
    },
    async () => ({ providers: configuredProviders(app.ctx.config) }),
  )

  app.get(
    '/api/me/sign-in-methods',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getMySignInMethods',
        summary: 'How I sign in: password, passkeys, connected accounts, a fresh sign-in',
        response: { 200: SignInMethods },
      },
    },
    async (req) => {
      const person = actor(req)
      const read = await readSession(req)
      return signInMethodsOf(app.ctx.db, app.ctx.config, person.id, read?.session.session.id ?? '')
    },
  )
}
