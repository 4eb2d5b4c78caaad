import { formatMoney } from '#common/money.ts'
import { bookPath, writerPath } from '#common/paths.ts'
import type { Order } from '#common/schemas/payments.ts'

/** What the payment screens say of an order's item, and where they send the buyer, by its kind. */
export interface ItemCopy {
  /** "Subscription to Grace Okafor", or the book's title. */
  what: string
  /** Under the item in the summary: how it is billed and who is paid. */
  billing: string
  /** Beside the price: "per month", or nothing for a one-off payment. */
  per: string | null
  /** Said before paying: what is charged, and when. */
  next: string
  /** Where the item lives, and its name in a link: "Grace Okafor’s page", or the book's title in quotes. */
  home: { to: string; label: string }
  /** Once paid: the heading, what the buyer has now, and where to use it. */
  paid: {
    title: string
    body: string
    use: { to: string; label: string }
    more: { to: string; label: string }
  }
}

export function itemCopy(order: Order): ItemCopy {
  const { item } = order
  const price = formatMoney(order.amount, order.currency)
  const seller = item.seller.name
  if (item.kind === 'book') {
    const bookPage = bookPath(item.id)
    return {
      what: item.title,
      billing: `Book · paid to ${seller}`,
      per: null,
      next: `You'll be charged ${price} once. The book is yours to keep: every chapter, and the author's later updates.`,
      home: { to: bookPage, label: `“${item.title}”` },
      paid: {
        title: `“${item.title}” is yours`,
        body: 'It is in your library, every chapter open to you. A receipt is on its way to your inbox.',
        use: { to: bookPage, label: 'Start reading' },
        more: { to: '/dashboard', label: 'Your library' },
      },
    }
  }
  const writerPage = writerPath(item.seller.id)
  return {
    what: `Subscription to ${seller}`,
    billing: `Billed monthly · paid to ${seller}`,
    per: 'per month',
    next: `You'll be charged ${price} today and every month until you cancel. Cancel any time; you keep access until the end of the paid month.`,
    home: { to: writerPage, label: `${seller}’s page` },
    paid: {
      title: `You're subscribed to ${seller}`,
      body: `Your subscription is active: every post ${seller} shares with subscribers is open to you now. A receipt is on its way to your inbox.`,
      use: { to: writerPage, label: `Go to ${seller}’s page` },
      more: { to: '/subscriptions', label: 'Your subscriptions' },
    },
  }
}
