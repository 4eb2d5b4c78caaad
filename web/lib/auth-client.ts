import { magicLinkClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/** Better Auth's browser client: sign up/in/out, e-mail links, password reset, account changes. */
export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [magicLinkClient()] })
