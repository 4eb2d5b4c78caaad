import { and, eq, lte, ne } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import { order, subscription, user } from '#server/db/schema/index.ts'
import { handleWebhook } from './fulfil.service.ts'
import { type SandboxProvider, sandboxProvider } from './sandbox.provider.ts'

// Renewals in the sandbox. Stripe renews by itself and sends invoice events; the
// sandbox has no servers of its own, so a housekeeping job plays them: it charges due paid
// subscriptions with the signed `subscription.renewed` event (or `subscription.renewal_failed`)
// delivered to the webhook handler like every sandbox event, and fulfilment does the rest exactly
// once (one renewal transfer per invoice, the period extended by a month).

/** Renewed this long before the period ends, so a paying reader never meets a lapsed minute. */
export const RENEWAL_LEAD_MS = 60 * 60 * 1000

/**
 * The sandbox's rule for a declined renewal, as its test cards are for Stripe: a buyer whose
 * e-mail's local part contains "+decline" (reader+decline@example.com). Only the sandbox reads it;
 * a real provider charges the card on file.
 */
export const declinesRenewal = (email: string) => email.split('@')[0].includes('+decline')

/**
 * One invoice per subscription and period, named by the period's end: two job runs racing for the
 * same renewal send the same payment reference, and the ledger takes it once.
 */
export const renewalRef = (subscriptionId: string, periodEnd: Date) =>
  `sbx_renewal_${subscriptionId}_${periodEnd.getTime()}`

/** The sandbox as the renewal job uses it: its events go to the same webhook handler as the route's. */
export function renewalProvider(ctx: AppContext): SandboxProvider {
  const provider: SandboxProvider = sandboxProvider({
    secret: ctx.config.payments.webhookSecret,
    clock: ctx.clock,
    deliver: (rawBody, headers) => handleWebhook(ctx, provider, rawBody, headers),
  })
  return provider
}

export interface RenewalRun {
  renewed: number
  declined: number
  ended: number
}

/**
 * Charges the sandbox's due paid subscriptions (active, not cancelling, ending within the lead),
 * then ends those whose cancellation or failed renewal has reached the period's end. Safe to run
 * twice at once: a renewal is once per invoice, and ending is a conditional update.
 */
export async function runSandboxRenewals(ctx: AppContext, provider: SandboxProvider): Promise<RenewalRun> {
  const now = ctx.clock.now()
  const due = await ctx.db
    .select({
      id: subscription.id,
      price: subscription.price,
      currency: subscription.currency,
      periodEnd: subscription.currentPeriodEnd,
      order,
      email: user.email,
    })
    .from(subscription)
    .innerJoin(order, eq(order.id, subscription.orderId))
    .innerJoin(user, eq(user.id, subscription.subscriberId))
    .where(
      and(
        eq(subscription.kind, 'paid'),
        eq(subscription.status, 'active'),
        eq(subscription.cancelAtPeriodEnd, false),
        lte(subscription.currentPeriodEnd, new Date(now.getTime() + RENEWAL_LEAD_MS)),
        eq(order.provider, provider.name),
        eq(order.status, 'paid'),
      ),
    )
  let renewed = 0
  let declined = 0
  for (const sub of due) {
    if (!sub.periodEnd) continue
    const declines = declinesRenewal(sub.email)
    // The price fixed at purchase: a later price change does not touch what this subscriber pays.
    await provider.send(
      { id: sub.order.id, amount: sub.price, currency: sub.currency },
      declines ? 'subscription.renewal_failed' : 'subscription.renewed',
      renewalRef(sub.id, sub.periodEnd),
    )
    if (declines) declined++
    else renewed++
  }
  const ended = await ctx.db
    .update(subscription)
    .set({ status: 'ended', updatedAt: now })
    .where(
      and(
        ne(subscription.status, 'ended'),
        eq(subscription.cancelAtPeriodEnd, true),
        lte(subscription.currentPeriodEnd, now),
      ),
    )
    .returning({ id: subscription.id })
  return { renewed, declined, ended: ended.length }
}

/** How long a checkout stays payable: Stripe's Checkout Sessions expire after 24 hours. */
export const CHECKOUT_EXPIRY_MS = 24 * 60 * 60 * 1000

/**
 * The sandbox's checkouts expire as Stripe's do: a sandbox order still pending 24 hours after it
 * was made gets the signed `payment.cancelled` event (the buyer left), and fulfilment cancels it.
 * The event's id is fixed per order, so two runs racing cancel it once and record it once.
 */
export async function cancelAbandonedCheckouts(ctx: AppContext, provider: SandboxProvider): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - CHECKOUT_EXPIRY_MS)
  const abandoned = await ctx.db
    .select()
    .from(order)
    .where(and(eq(order.provider, provider.name), eq(order.status, 'pending'), lte(order.createdAt, cutoff)))
  for (const row of abandoned) {
    const checkoutRef = row.providerCheckoutRef ?? row.id
    await provider.send(row, 'payment.cancelled', checkoutRef, {
      id: `evt_sbx_expired_${row.id}`,
      checkoutRef,
    })
  }
  return abandoned.length
}
