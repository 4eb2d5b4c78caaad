// What the payments module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { configuredProvider } from './configured-provider.ts'
export { addMonth, ITEM_KINDS, notifyNewSubscriber } from './items.ts'
export { toCheckoutOrder } from './orders.service.ts'
export { orderAdminRoutes, paymentRoutes } from './payments.routes.ts'
export type { PaymentProvider } from './provider.ts'
export { retryOwedRefunds } from './refunds-owed.service.ts'
export {
  cancelAbandonedCheckouts,
  RENEWAL_LEAD_MS,
  renewalProvider,
  renewalRef,
  runSandboxRenewals,
} from './renewal.service.ts'
export { SIGNATURE_HEADER, signPayload } from './signature.ts'
