import type { AppContext } from '#server/context.ts'
import { handleWebhook } from './fulfil.service.ts'
import type { PaymentProvider } from './provider.ts'
import { sandboxProvider } from './sandbox.provider.ts'
import { stripeProvider } from './stripe.provider.ts'

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
    return stripeProvider({
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
