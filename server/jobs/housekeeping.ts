import type { AppContext } from '#server/context.ts'
import { finalizeExpiredAttempts } from '#server/modules/exams/finalize.service.ts'
import { pruneEvents } from '#server/modules/notifications/notifications.service.ts'
import { renewalProvider, runSandboxRenewals } from '#server/modules/payments/renewal.service.ts'

export const HOUSEKEEPING_INTERVAL_MS = 60 * 1000

/**
 * Periodic work each server process runs (idempotent, so several processes may run it at
 * once): now, then every minute. Returns a stop function.
 */
export function startHousekeeping(ctx: AppContext, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => void {
  // The sandbox has no servers to renew subscriptions: this job plays them. Stripe renews itself.
  const sandbox = ctx.config.payments.provider === 'sandbox' ? renewalProvider(ctx) : null
  const run = async () => {
    try {
      const pruned = await pruneEvents(ctx)
      if (pruned > 0) ctx.log.info({ pruned }, 'pruned old notification events')
      // Attempts nobody submitted are also finalised when next read; this catches the rest.
      const finalized = await finalizeExpiredAttempts(ctx)
      if (finalized > 0) ctx.log.info({ finalized }, 'finalised expired exam attempts')
      if (sandbox) {
        const renewals = await runSandboxRenewals(ctx, sandbox)
        if (renewals.renewed + renewals.declined + renewals.ended > 0) {
          ctx.log.info(renewals, 'sandbox subscription renewals')
        }
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'housekeeping failed')
    }
  }
  void run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
