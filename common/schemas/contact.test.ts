import { describe, expect, it } from 'vitest'
import { ContactInput } from './contact.ts'

describe('ContactInput', () => {
  it('trims every field and lower-cases the e-mail', () => {
    expect(
      ContactInput.parse({
        name: ' Amara ',
        email: ' A@Example.com ',
        subject: ' Hi ',
        message: '  Ten chars!  ',
      }),
    ).toEqual({ name: 'Amara', email: 'a@example.com', subject: 'Hi', message: 'Ten chars!' })
  })

  it('counts the message length after trimming', () => {
    const result = ContactInput.safeParse({
      name: 'A',
      email: 'a@example.com',
      subject: 'Hi',
      message: '   short   ',
    })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['message', 'Tell us a little more (at least 10 characters)'],
    ])
  })
})
