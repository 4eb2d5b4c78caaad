import { magicLinkClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/** Better Auth's browser client: sign up/in/out, e-mail links, password reset, account changes. */
export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [magicLinkClient()] })

/** Better Auth answers { error: { message } }; this turns it into a message for a toast or a form. */
export function authErrorMessage(error: { message?: string; status?: number } | null | undefined): string {
  if (!error) return 'Something went wrong. Please try again.'
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.'
  return error.message || 'Something went wrong. Please try again.'
}
