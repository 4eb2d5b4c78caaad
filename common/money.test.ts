import { describe, expect, it } from 'vitest'
import { formatMoney } from './money.ts'

describe('formatMoney', () => {
  it('formats minor units in the currency, cents always shown by default', () => {
    expect(formatMoney(500, 'USD')).toBe('$5.00')
    expect(formatMoney(1999, 'USD')).toBe('$19.99')
    expect(formatMoney(1_000_000, 'USD')).toBe('$10,000.00')
    expect(formatMoney(0, 'USD')).toBe('$0.00')
  })

  it('drops zero cents only when asked for the short form', () => {
    expect(formatMoney(500, 'USD', { short: true })).toBe('$5')
    expect(formatMoney(550, 'USD', { short: true })).toBe('$5.50')
  })

  it('follows the currency: its symbol and its number of minor digits', () => {
    expect(formatMoney(500, 'EUR')).toBe('€5.00')
    expect(formatMoney(500, 'JPY')).toBe('¥500')
  })

  it('defaults to USD', () => {
    expect(formatMoney(1234)).toBe('$12.34')
  })
})
