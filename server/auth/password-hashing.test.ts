import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'
import { readConfig } from '#server/env.ts'
import { PASSWORD_HASH_COST, scryptHashing } from './password-hashing.ts'

describe('password hashing', () => {
  it("is Better Auth's own in every running server", () => {
    expect(readConfig({}).passwordHashCost).toBe(PASSWORD_HASH_COST)
  })

  it("writes Better Auth's format: at its cost, each side reads the other's hashes", async () => {
    const ours = scryptHashing(PASSWORD_HASH_COST)
    const theirs = await hashPassword('correct horse battery')
    expect(await ours.verify({ hash: theirs, password: 'correct horse battery' })).toBe(true)
    expect(await ours.verify({ hash: theirs, password: 'wrong horse battery' })).toBe(false)
    const mine = await ours.hash('correct horse battery')
    expect(await verifyPassword({ hash: mine, password: 'correct horse battery' })).toBe(true)
  })

  it('refuses a malformed hash instead of throwing', async () => {
    const cheap = scryptHashing(16)
    expect(await cheap.verify({ hash: 'no-colon', password: 'x' })).toBe(false)
    expect(await cheap.verify({ hash: 'abcd:1234', password: 'x' })).toBe(false)
  })
})
