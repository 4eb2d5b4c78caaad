import { formatMoney } from '#common/money.ts'

/** "Free", or the price as a shop shows it ("$4.99"). */
export const priceLabel = (book: { price: number; currency: string }) =>
  book.price === 0 ? 'Free' : formatMoney(book.price, book.currency)

/**
 * The price as the writer types it, in dollars ("4.99", "12", "$ 1,200.50"), to the API's integer
 * cents; null when it is not an amount of dollars and cents. Range checks stay with the shared
 * schema (BookPrice), so the messages are the server's.
 */
export function dollarsToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '')
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned)
  if (!match) return null
  const [, whole = '', fraction = ''] = match
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents back to what the price field shows ("4.99"); a free book shows an empty field. */
export const centsToDollars = (cents: number) => (cents > 0 ? (cents / 100).toFixed(2) : '')
