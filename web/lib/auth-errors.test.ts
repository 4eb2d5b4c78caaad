import { describe, expect, it } from 'vitest'
import { describeAuthError } from './auth-errors.ts'

describe('describeAuthError', () => {
  it("shows the server's message for a refusal", () => {
    const message = 'That e-mail and password do not match an account. Check them and try again.'
    expect(describeAuthError({ status: 401, error: { code: 'unauthorized', message } })).toBe(message)
  })

  it('says to wait on a rate limit that comes without our answer', () => {
    expect(describeAuthError({ status: 429 })).toBe('Too many attempts. Please wait a minute and try again.')
  })

  it('says when the server could not be reached', () => {
    const message = 'Inkwell cannot be reached. Check your connection and try again.'
    expect(describeAuthError({ message })).toBe(message)
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
