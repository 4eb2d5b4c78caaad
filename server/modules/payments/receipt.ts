import { eq } from 'drizzle-orm'
import { formatMoney } from '#common/money.ts'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { user } from '#server/db/schema/index.ts'
import type { Mail } from '#server/mail/mailer.ts'
import { receiptMail } from '#server/mail/templates.ts'
import { ITEM_KINDS, type OrderRow } from './items.ts'

// The buyer's receipt: written from the fulfilment transaction's own reads (so it describes what
// was committed), sent only after the commit, never holding the webhook's answer.

const price = (amount: number, currency: string) => `${formatMoney(amount, currency)} (${currency})`

const day = (at: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at)

/** The receipt for a paid order (none when the buyer is gone). */
export async function receiptFor(
  ctx: AppContext,
  tx: Tx,
  paid: OrderRow,
  at: Date,
): Promise<Mail | undefined> {
  const [buyer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, paid.buyerId))
  if (!buyer) return
  const item = (await ITEM_KINDS[paid.itemKind].describe(tx, [paid.itemId])).get(paid.itemId)
  return receiptMail(
    buyer.email,
    {
      what: item?.title ?? 'An item that is no longer available',
      price: price(paid.amount, paid.currency),
      date: day(at),
      reference: paid.id,
    },
    `${ctx.config.appUrl}/payment/success?order=${paid.id}`,
  )
}

/**
 * Sends after commit, as background work (a process stopping finishes it first); a mail server
 * that fails is logged, the payment stands.
 */
export function sendReceipt(ctx: AppContext, mail: Mail, orderId: string): void {
  ctx.background(
    ctx.mailer
      .send(mail)
      .catch((error: unknown) => ctx.log.error({ err: error, orderId }, 'receipt mail failed')),
  )
}
