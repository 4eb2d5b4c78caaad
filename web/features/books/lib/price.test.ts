import { describe, expect, it } from 'vitest'
import { centsToDollars, dollarsToCents } from './price.ts'

describe('dollarsToCents', () => {
  it.each([
    ['4.99', 499],
    ['12', 1200],
    ['0.99', 99],
    ['999.99', 99_999],
    ['1.5', 150],
    ['.5', 50],
    [' $ 1,200.50 ', 120_050],
  ])('%s is %i cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents))

  it.each(['', 'abc', '4.999', '-1', '1e3', '4.', '$'])('%j is not an amount', (text) =>
    expect(dollarsToCents(text)).toBeNull(),
  )
})

describe('centsToDollars', () => {
  it('shows two decimals, and nothing for free', () => {
    expect(centsToDollars(499)).toBe('4.99')
    expect(centsToDollars(1200)).toBe('12.00')
    expect(centsToDollars(0)).toBe('')
  })
})
