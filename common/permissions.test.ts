import { describe, expect, it } from 'vitest'
import { canManageUser, isAdmin } from './permissions.ts'

describe('isAdmin', () => {
  it('is true only for the admin role', () => {
    expect(isAdmin({ id: 'a', role: 'admin' })).toBe(true)
    expect(isAdmin({ id: 'u', role: 'user' })).toBe(false)
    expect(isAdmin({ id: 'n', role: null })).toBe(false)
    expect(isAdmin(null)).toBe(false)
    expect(isAdmin(undefined)).toBe(false)
  })
})

describe('canManageUser', () => {
  it('lets an admin manage someone else', () => {
    expect(canManageUser({ id: 'a', role: 'admin' }, 'b')).toBe(true)
  })

  it('never lets an admin change their own account', () => {
    expect(canManageUser({ id: 'a', role: 'admin' }, 'a')).toBe(false)
  })

  it('never lets a non-admin manage anyone', () => {
    expect(canManageUser({ id: 'u', role: 'user' }, 'b')).toBe(false)
    expect(canManageUser({ id: 'u', role: 'user' }, 'u')).toBe(false)
    expect(canManageUser({ id: 'n', role: null }, 'b')).toBe(false)
  })
})
