import type { AppContext } from '#server/context.ts'
import { releaseEarnings } from '#server/core/ledger/release.ts'
import { finalizeExpiredAttempts } from '#server/modules/exams/index.ts'
import { deliverBroadcasts, pruneEvents } from '#server/modules/notifications/index.ts'
import { rollUpStats } from '#server/modules/overview/index.ts'
import {
  cancelAbandonedCheckouts,
  configuredProvider,
  renewalProvider,
  retryOwedRefunds,
  runSandboxRenewals,
} from '#server/modules/payments/index.ts'

export const HOUSEKEEPING_INTERVAL_MS = 60 * 1000

/**
 * Periodic work each server process runs (idempotent, so several processes may run it at
 * once): now, then every minute. Returns a stop function and the first run (which never fails),
 * so the start banner can wait for its log lines.
 */
export function startHousekeeping(
  ctx: AppContext,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): { stop: () => void; firstRun: Promise<void> } {
  // The sandbox has no servers to renew subscriptions or expire checkouts: this job plays them.
  // Stripe does both itself.
  const sandbox = ctx.config.payments.provider === 'sandbox' ? renewalProvider(ctx) : null
  const payments = configuredProvider(ctx)
  const run = async () => {
    try {
      // A broadcast whose delivery a stopped process left half done goes on from where it was.
      const delivered = await deliverBroadcasts(ctx)
      if (delivered > 0) ctx.log.info({ delivered }, 'broadcast notifications delivered')
      const pruned = await pruneEvents(ctx)
      if (pruned > 0) ctx.log.info({ pruned }, 'pruned old notification events')
      // Attempts nobody submitted are also finalised when next read; this catches the rest.
      const finalized = await finalizeExpiredAttempts(ctx)
      if (finalized > 0) ctx.log.info({ finalized }, 'finalised expired exam attempts')
      // Sales past the refund window: their net becomes available, once each (decision 022).
      const released = await releaseEarnings(ctx)
      if (released > 0) ctx.log.info({ released }, 'earnings released from pending')
      // Second payments whose refund the provider has not confirmed: asked for again (decision 040).
      const owed = await retryOwedRefunds(ctx, payments)
      if (owed > 0) ctx.log.info({ owed }, 'refunds of second payments asked for again')
      if (sandbox) {
        const renewals = await runSandboxRenewals(ctx, sandbox)
        if (renewals.renewed + renewals.declined + renewals.ended > 0) {
          ctx.log.info(renewals, 'sandbox subscription renewals')
        }
        // Stripe expires its checkouts after 24 hours and says so; the sandbox's expire here.
        const cancelled = await cancelAbandonedCheckouts(ctx, sandbox)
        if (cancelled > 0) ctx.log.info({ cancelled }, 'sandbox checkouts expired: orders cancelled')
      }
      // The overview's daily rollups: the days that can still change (decision 024).
      await rollUpStats(ctx)
    } catch (error) {
      ctx.log.warn({ err: error }, 'housekeeping failed')
    }
  }
  const firstRun = run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer), firstRun }
}
