import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  ChangePasswordInput,
  DeleteAccountInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from './auth.ts'

/** Field path → first message, as a form shows them. */
const fieldErrors = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('SignUpInput', () => {
  it('normalises the e-mail and name', () => {
    expect(SignUpInput.parse({ name: ' Ada ', email: ' ADA@Example.com', password: 'long enough' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'long enough',
    })
  })

  it('reports every field at once', () => {
    expect(fieldErrors(SignUpInput, { name: '', email: 'nope', password: 'short' })).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid e-mail address',
      password: 'Use at least 8 characters',
    })
  })
})

describe('SignInInput', () => {
  it('asks for a password without judging its length (old accounts may have short ones)', () => {
    expect(fieldErrors(SignInInput, { email: 'a@example.com', password: '' })).toEqual({
      password: 'Enter your password',
    })
    expect(SignInInput.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true)
  })
})

describe('ResetPasswordInput', () => {
  it('refuses two different passwords, on the confirm field', () => {
    expect(fieldErrors(ResetPasswordInput, { password: 'long enough', confirm: 'long enougH' })).toEqual({
      confirm: 'The passwords do not match',
    })
  })

  it('accepts two equal passwords of 8+ characters', () => {
    expect(ResetPasswordInput.safeParse({ password: 'long enough', confirm: 'long enough' }).success).toBe(
      true,
    )
  })

  it('still enforces the length when both match', () => {
    expect(fieldErrors(ResetPasswordInput, { password: 'short', confirm: 'short' })).toEqual({
      password: 'Use at least 8 characters',
    })
  })
})

describe('ChangePasswordInput', () => {
  it('refuses the same password again', () => {
    expect(
      fieldErrors(ChangePasswordInput, { currentPassword: 'long enough', newPassword: 'long enough' }),
    ).toEqual({
      newPassword: 'Choose a password different from the current one',
    })
  })

  it('needs the current password and a long enough new one', () => {
    expect(fieldErrors(ChangePasswordInput, { currentPassword: '', newPassword: 'short' })).toEqual({
      currentPassword: 'Enter your current password',
      newPassword: 'Use at least 8 characters',
    })
  })
})

describe('DeleteAccountInput', () => {
  it('needs the password and the word DELETE exactly', () => {
    expect(DeleteAccountInput.safeParse({ password: 'pw', confirm: 'DELETE' }).success).toBe(true)
    for (const confirm of ['delete', 'DELETE ', '', undefined]) {
      expect(fieldErrors(DeleteAccountInput, { password: 'pw', confirm })).toEqual({
        confirm: 'Type DELETE to confirm',
      })
    }
    expect(fieldErrors(DeleteAccountInput, { password: '', confirm: 'DELETE' })).toEqual({
      password: 'Enter your password to confirm',
    })
  })
})
