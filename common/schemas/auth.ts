import { z } from 'zod'
import { Email, Password, PersonName } from './fields.ts'

// Forms for Better Auth's endpoints. The same rules are enforced by Better Auth on the server
// (minPasswordLength) and by our own hooks (name length), so the client can't skip them.

export const SignUpInput = z.object({ name: PersonName, email: Email, password: Password })
export type SignUpInput = z.infer<typeof SignUpInput>

export const SignInInput = z.object({ email: Email, password: z.string().min(1, 'Enter your password') })
export type SignInInput = z.infer<typeof SignInInput>

export const EmailOnlyInput = z.object({ email: Email })
export type EmailOnlyInput = z.infer<typeof EmailOnlyInput>

export const ResetPasswordInput = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' })
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>

export const ChangePasswordInput = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password'), newPassword: Password })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  })
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>

export const ChangeEmailInput = z.object({ newEmail: Email })
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>

export const DeleteAccountInput = z.object({
  password: z.string().min(1, 'Enter your password to confirm'),
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
})
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>

/** GET /api/auth/get-session as Better Auth answers it: the person and their session, or null. */
export const AuthSession = z
  .object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      image: z.string().nullish(),
    }),
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
  })
  .nullable()
export type AuthSession = z.infer<typeof AuthSession>
