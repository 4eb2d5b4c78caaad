import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { Email, PageQuery, Password, PersonName, text } from './fields.ts'

const errorOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message

describe('Email', () => {
  it('trims and lower-cases, so one address is one account', () => {
    expect(Email.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com')
  })

  it.each([
    ['', 'Enter your e-mail address'],
    ['   ', 'Enter your e-mail address'],
    ['ada', 'Enter a valid e-mail address'],
    ['ada@', 'Enter a valid e-mail address'],
    ['ada@example', 'Enter a valid e-mail address'],
    ['ada lovelace@example.com', 'Enter a valid e-mail address'],
    [`${'a'.repeat(250)}@example.com`, 'That e-mail address is too long'],
  ])('refuses %j', (value, message) => {
    expect(errorOf(Email, value)).toBe(message)
  })
})

describe('Password', () => {
  it('needs at least 8 characters and allows up to 128', () => {
    expect(errorOf(Password, '1234567')).toBe('Use at least 8 characters')
    expect(Password.parse('12345678')).toBe('12345678')
    expect(Password.parse('x'.repeat(128))).toHaveLength(128)
    expect(errorOf(Password, 'x'.repeat(129))).toBe('Use at most 128 characters')
  })

  it('keeps spaces: they are part of the password', () => {
    expect(Password.parse('  spaced out  ')).toBe('  spaced out  ')
  })
})

describe('PersonName', () => {
  it('trims, and needs 1 to 80 characters', () => {
    expect(PersonName.parse('  Grace  ')).toBe('Grace')
    expect(errorOf(PersonName, '   ')).toBe('Enter your name')
    expect(PersonName.parse('x'.repeat(80))).toHaveLength(80)
    expect(errorOf(PersonName, 'x'.repeat(81))).toBe('Keep it under 80 characters')
  })
})

describe('PageQuery', () => {
  it('reads the limit from a query string and defaults it to 20', () => {
    expect(PageQuery.parse({})).toEqual({ limit: 20 })
    expect(PageQuery.parse({ limit: '5', cursor: 'abc' })).toEqual({ limit: 5, cursor: 'abc' })
  })

  it('keeps the limit between 1 and 50', () => {
    expect(PageQuery.safeParse({ limit: '0' }).success).toBe(false)
    expect(PageQuery.safeParse({ limit: '51' }).success).toBe(false)
    expect(PageQuery.safeParse({ limit: '2.5' }).success).toBe(false)
    expect(PageQuery.safeParse({ cursor: 'x'.repeat(201) }).success).toBe(false)
  })
})

describe('text', () => {
  const Title = text('Add a title').max(10, 'Too long')

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a BOM and a word joiner', '\uFEFF\u2060'],
    ['a Hangul filler between spaces', ' \u3164 '],
    ['a Braille blank', '\u2800'],
    ['only a variation selector', '\uFE0F'],
    ['nothing', ''],
  ])('refuses text made of %s, with the field message', (_, value) => {
    expect(errorOf(Title, value)).toBe('Add a title')
  })

  it('trims white space and invisible characters at both ends, keeping those inside', () => {
    expect(Title.parse('\u200B Hi\u200Bthere \u200D')).toBe('Hi\u200Bthere')
    expect(Title.parse('Love ❤️')).toBe('Love ❤️')
  })

  it('counts the limit on the trimmed text', () => {
    expect(Title.parse(`\u200B${'x'.repeat(10)}\u200B`)).toHaveLength(10)
    expect(errorOf(Title, 'x'.repeat(11))).toBe('Too long')
  })

  it('lets optional text be empty', () => {
    expect(text().parse('\u200B ')).toBe('')
  })

  it('holds display names to it', () => {
    expect(errorOf(PersonName, '\u200B\u200B\u200B')).toBe('Enter your name')
  })
})
