import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ProfileLink, UpdateProfileInput, WelcomeInput } from './profile.ts'

const fieldErrors = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('ProfileLink', () => {
  it('accepts a full https link', () => {
    expect(ProfileLink.parse('https://example.com/me')).toBe('https://example.com/me')
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com',
    'example.com',
    '/me',
  ])('refuses %s', (link) => {
    expect(ProfileLink.safeParse(link).error?.issues[0].message).toBe(
      'Enter a full link starting with https:// or http://',
    )
  })

  it('refuses a link over 300 characters', () => {
    expect(ProfileLink.safeParse(`https://example.com/${'x'.repeat(300)}`).success).toBe(false)
  })
})

describe('UpdateProfileInput', () => {
  it('accepts any subset of fields', () => {
    expect(UpdateProfileInput.parse({})).toEqual({})
    expect(UpdateProfileInput.parse({ bio: '  hi  ' })).toEqual({ bio: 'hi' })
  })

  it('limits the bio, the links and the interests', () => {
    expect(
      fieldErrors(UpdateProfileInput, {
        bio: 'x'.repeat(501),
        links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`),
        interests: Array.from({ length: 21 }, (_, i) => `s${i}`),
      }),
    ).toEqual({
      bio: 'Keep your bio under 500 characters',
      links: 'Add at most 5 links',
      interests: 'Pick at most 20 subjects',
    })
  })
})

describe('WelcomeInput', () => {
  it('needs every answer', () => {
    expect(Object.keys(fieldErrors(WelcomeInput, {})).sort()).toEqual(['bio', 'intent', 'interests', 'name'])
    expect(fieldErrors(WelcomeInput, { name: 'A', bio: '', intent: 'lurk', interests: [] })).toEqual({
      intent: 'Choose what you are here for',
    })
  })
})
