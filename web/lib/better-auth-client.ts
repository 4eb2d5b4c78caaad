import { passkeyClient } from '@better-auth/passkey/client'
import { magicLinkClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/**
 * Better Auth's browser client. Only `auth-client.ts` loads it, the first time an auth action
 * runs: the first load of every page reads the session without it.
 */
export const betterAuthClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient(), passkeyClient()],
})
