import { describe, expect, it } from 'vitest'
import { AdminUserQuery, ContactMessageQuery, SuspendInput } from './admin.ts'

describe('AdminUserQuery', () => {
  it('trims the search and limits it to 100 characters', () => {
    expect(AdminUserQuery.parse({ q: '  ada ' })).toEqual({ q: 'ada', limit: 20 })
    expect(AdminUserQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false)
  })
})

describe('SuspendInput', () => {
  it('takes an optional reason of at most 300 characters', () => {
    expect(SuspendInput.parse({ suspended: true })).toEqual({ suspended: true })
    expect(SuspendInput.parse({ suspended: true, reason: ' Spam ' })).toEqual({
      suspended: true,
      reason: 'Spam',
    })
    expect(
      SuspendInput.safeParse({ suspended: true, reason: 'x'.repeat(301) }).error?.issues[0].message,
    ).toBe('Keep the reason under 300 characters')
    expect(SuspendInput.safeParse({ suspended: 'true' }).success).toBe(false)
  })
})

describe('ContactMessageQuery', () => {
  it('filters by handled only with the words true or false', () => {
    expect(ContactMessageQuery.parse({ handled: 'true' })).toEqual({ handled: 'true', limit: 20 })
    expect(ContactMessageQuery.safeParse({ handled: 'yes' }).success).toBe(false)
  })
})
