import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors.ts'
import {
  accountPolicy,
  authorize,
  bookPolicy,
  capabilities,
  contributionPolicy,
  examPolicy,
  isAdmin,
  postPolicy,
  reportPolicy,
  threadPolicy,
} from './index.ts'

const admin = { id: 'admin', role: 'admin' as const }
const writer = { id: 'writer', role: 'user' as const }
const reader = { id: 'reader', role: 'user' as const }
const theirs = { authorId: 'writer' }

describe('isAdmin', () => {
  it('is true only for the admin role', () => {
    expect(isAdmin(admin)).toBe(true)
    expect(isAdmin(writer)).toBe(false)
    expect(isAdmin({ id: 'n', role: null })).toBe(false)
    expect(isAdmin(null)).toBe(false)
  })
})

describe('a writer’s works: posts, books and exams', () => {
  it.each([
    ['post', postPolicy],
    ['book', bookPolicy],
    ['exam', examPolicy],
  ] as const)(
    'a %s is managed by its author or an admin, submitted by its author only, published unreviewed by admins',
    (_, policy) => {
      expect([writer, admin, reader, null].map((a) => policy.manage(a, theirs))).toEqual([
        true,
        true,
        false,
        false,
      ])
      expect([writer, admin, reader, null].map((a) => policy.submit(a, theirs))).toEqual([
        true,
        false,
        false,
        false,
      ])
      expect([writer, admin, reader, null].map((a) => policy.publish(a, theirs))).toEqual([
        false,
        true,
        false,
        false,
      ])
    },
  )

  it('lets only admins feature a post or delete an exam people have taken', () => {
    expect([writer, admin, reader].map((a) => postPolicy.feature(a, theirs))).toEqual([false, true, false])
    expect([writer, admin, reader].map((a) => examPolicy.deleteTaken(a, theirs))).toEqual([
      false,
      true,
      false,
    ])
  })

  it('lets a reader rate a book they own, never its author, nor one they do not own', () => {
    expect(bookPolicy.rate(reader, { ...theirs, owned: true })).toBe(true)
    expect(bookPolicy.rate(reader, { ...theirs, owned: false })).toBe(false)
    expect(bookPolicy.rate(writer, { ...theirs, owned: true })).toBe(false)
    expect(bookPolicy.rate(null, { ...theirs, owned: true })).toBe(false)
    expect(bookPolicy.review(writer, theirs)).toBe(false)
  })

  it('opens a post’s discussion to whoever may read its body', () => {
    expect(postPolicy.discuss(reader, { bodyReadable: true })).toBe(true)
    expect(postPolicy.discuss(reader, { bodyReadable: false })).toBe(false)
  })
})

describe('discussions', () => {
  it('lets the author edit and the author or an admin delete what stands, nothing once deleted', () => {
    expect(capabilities(contributionPolicy, writer, theirs, ['edit', 'delete'])).toEqual({
      canEdit: true,
      canDelete: true,
    })
    expect(capabilities(contributionPolicy, admin, theirs, ['edit', 'delete'])).toEqual({
      canEdit: false,
      canDelete: true,
    })
    expect(capabilities(contributionPolicy, reader, theirs, ['edit', 'delete'])).toEqual({
      canEdit: false,
      canDelete: false,
    })
    expect(
      capabilities(contributionPolicy, writer, { ...theirs, deleted: true }, ['edit', 'delete']),
    ).toEqual({
      canEdit: false,
      canDelete: false,
    })
  })

  it('lets a thread’s author delete it only while nobody else has replied; an admin always', () => {
    expect(threadPolicy.delete(writer, { ...theirs, othersReplied: false })).toBe(true)
    expect(threadPolicy.delete(writer, { ...theirs, othersReplied: true })).toBe(false)
    expect(threadPolicy.delete(admin, { ...theirs, othersReplied: true })).toBe(true)
    expect(threadPolicy.accept(admin, theirs)).toBe(false)
  })

  it('lets anyone signed in report what someone else wrote', () => {
    expect([writer, reader, admin, null].map((a) => reportPolicy.report(a, theirs))).toEqual([
      false,
      true,
      true,
      false,
    ])
  })
})

describe('accounts', () => {
  it('lets an admin manage someone else, never their own account, and nobody else manage any', () => {
    expect(accountPolicy.manage(admin, { id: 'writer' })).toBe(true)
    expect(accountPolicy.manage(admin, { id: 'admin' })).toBe(false)
    expect(accountPolicy.manage(writer, { id: 'reader' })).toBe(false)
    expect(accountPolicy.manage(null, { id: 'reader' })).toBe(false)
  })
})

describe('authorize', () => {
  it('passes when the rule allows, and throws a 403 with the refusal when it does not', () => {
    expect(() =>
      authorize(postPolicy.submit, writer, theirs, 'Only the author can submit this post'),
    ).not.toThrow()
    expect(() => authorize(postPolicy.submit, admin, theirs, 'Only the author can submit this post')).toThrow(
      expect.objectContaining({ code: 'forbidden', message: 'Only the author can submit this post' }),
    )
    expect(() => authorize(postPolicy.submit, null, theirs, 'x')).toThrow(AppError)
  })
})
