import type { AppContext } from '#server/context.ts'
import { handleWebhook } from './fulfil.service.ts'
import type { PaymentProvider } from './provider.ts'
import { sandboxProvider } from './sandbox.provider.ts'
import type { StripeOptions } from './stripe.provider.ts'

/**
 * The provider PAYMENTS_PROVIDER names. The sandbox delivers its signed events in-process to the
 * same handler the webhook route calls (decision 019); Stripe sends its own.
 */
export function configuredProvider(ctx: AppContext): PaymentProvider {
  const { config, clock } = ctx
  const { stripe } = config.payments
  if (config.payments.provider === 'stripe') {
    // readConfig refuses to start without the key; a Config built by hand could still lack it.
    if (!stripe) throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY')
    return stripeWhenNeeded({
      ...stripe,
      webhookSecret: config.payments.webhookSecret,
      appUrl: config.appUrl,
      clock,
    })
  }
  const provider: PaymentProvider = sandboxProvider({
    secret: config.payments.webhookSecret,
    clock,
    deliver: (rawBody, headers) => handleWebhook(ctx, provider, rawBody, headers),
  })
  return provider
}

/** Stripe's SDK (about 200 modules) loads when a payment first needs it, not at every start. */
function stripeWhenNeeded(options: StripeOptions): PaymentProvider {
  let loading: Promise<PaymentProvider> | undefined
  const stripe = () => {
    loading ??= import('./stripe.provider.ts').then((m) => m.stripeProvider(options))
    return loading
  }
  return {
    name: 'stripe',
    createCheckout: async (order) => (await stripe()).createCheckout(order),
    verifyEvent: async (rawBody, headers) => (await stripe()).verifyEvent(rawBody, headers),
    retryCheckout: async (order) => (await stripe()).retryCheckout(order),
    refund: async (order) => (await stripe()).refund(order),
    refundPayment: async (payment) => (await stripe()).refundPayment(payment),
    setRenewal: async (order, renew) => (await stripe()).setRenewal(order, renew),
  }
}
