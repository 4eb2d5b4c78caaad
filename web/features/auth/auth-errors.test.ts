import { describe, expect, it } from 'vitest'
import { callAuth, isInvalidTokenError, magicLinkErrorMessage } from './auth-errors.ts'
import { formatLifetime } from './link-expiry.ts'

describe('callAuth', () => {
  it("passes Better Auth's answer through", async () => {
    const answer = { data: { status: true }, error: null }
    expect(await callAuth(async () => answer)).toBe(answer)
  })

  it('turns an unreachable server into an error', async () => {
    const result = await callAuth(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(result.error?.message).toBe('Inkwell cannot be reached. Check your connection and try again.')
  })
})

describe('link errors', () => {
  it('recognises a refused token', () => {
    const refused = (field: string) => ({
      status: 400,
      error: { code: 'bad_request' as const, message: 'x', fields: { [field]: 'x' } },
    })
    expect(isInvalidTokenError(refused('token'))).toBe(true)
    expect(isInvalidTokenError(refused('newPassword'))).toBe(false)
    expect(isInvalidTokenError(null)).toBe(false)
  })

  it('explains why an e-mail sign-in link failed', () => {
    expect(magicLinkErrorMessage('INVALID_TOKEN')).toMatch(/expired or was already used/)
    expect(magicLinkErrorMessage('new_user_signup_disabled')).toMatch(/no Inkwell account/)
    expect(magicLinkErrorMessage('failed_to_create_session')).toMatch(/could not sign you in/)
  })
})

describe('formatLifetime', () => {
  it.each([
    [1, '1 minute'],
    [5, '5 minutes'],
    [60, '1 hour'],
    [120, '2 hours'],
    [90, '90 minutes'],
  ])('%i minutes reads "%s"', (minutes, text) => {
    expect(formatLifetime(minutes)).toBe(text)
  })
})
