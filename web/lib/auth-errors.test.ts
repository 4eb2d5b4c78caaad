import { describe, expect, it } from 'vitest'
import { describeAuthError } from './auth-errors.ts'

describe('describeAuthError', () => {
  it('rewrites the errors people meet on the account screens', () => {
    expect(
      describeAuthError({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
        status: 401,
      }),
    ).toBe('That e-mail and password do not match an account. Check them and try again.')
  })

  it("keeps Better Auth's message for anything else", () => {
    expect(describeAuthError({ code: 'SOMETHING_NEW', message: 'A precise reason', status: 400 })).toBe(
      'A precise reason',
    )
  })

  it('says to wait on a rate limit, whatever the code', () => {
    expect(describeAuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x', status: 429 })).toBe(
      'Too many attempts. Please wait a minute and try again.',
    )
  })

  it("shows our server's own message: when to try again after a rate limit", () => {
    expect(
      describeAuthError({
        status: 429,
        error: { code: 'rate_limited', message: 'Too many attempts. Try again in 42 seconds.' },
      }),
    ).toBe('Too many attempts. Try again in 42 seconds.')
  })

  it("shows our server's own message: which address to open", () => {
    const message = 'Open Inkwell at http://localhost:3000 — this address is not the one it is set up for'
    expect(describeAuthError({ status: 403, error: { code: 'forbidden', message } })).toBe(message)
  })

  it('has a message when Better Auth gave none', () => {
    expect(describeAuthError({ status: 500 })).toBe('Something went wrong. Please try again.')
  })
})
