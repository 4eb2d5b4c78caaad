import { formatMoney } from '#common/money.ts'

/** "Free", or the price as a shop shows it ("$4.99"). */
export const priceLabel = (book: { price: number; currency: string }) =>
  book.price === 0 ? 'Free' : formatMoney(book.price, book.currency)
