import type { AppContext } from '#server/context.ts'
import { releaseEarnings } from '#server/core/ledger/release.ts'
import { HOUSEKEEPING_TASKS, type HousekeepingTask, housekeepingQueue } from '#server/db/job-queue.ts'
import { finalizeExpiredAttempts } from '#server/modules/exams/index.ts'
import { sweepStranded } from '#server/modules/newsletters/index.ts'
import { deliverBroadcasts, pruneEvents } from '#server/modules/notifications/index.ts'
import { rollUpStats } from '#server/modules/overview/index.ts'
import {
  cancelAbandonedCheckouts,
  configuredProvider,
  renewalProvider,
  retryOwedRefunds,
  runSandboxRenewals,
} from '#server/modules/payments/index.ts'
import type { Worker } from './queue.ts'

/** Each periodic task (idempotent, each its own queue): what it does, logged when it did anything. */
function tasks(ctx: AppContext): Record<HousekeepingTask, () => Promise<void>> {
  // The sandbox has no servers to renew subscriptions or expire checkouts: a task plays them.
  // Stripe does both itself.
  const sandbox = ctx.config.payments.provider === 'sandbox' ? renewalProvider(ctx) : null
  const payments = configuredProvider(ctx)
  const logged = (count: number, fields: object, message: string) => {
    if (count > 0) ctx.log.info(fields, message)
  }
  return {
    // A broadcast whose delivery a stopped process left half done goes on from where it was.
    broadcasts: async () => {
      const delivered = await deliverBroadcasts(ctx)
      logged(delivered, { delivered }, 'broadcast notifications delivered')
    },
    'stream-events': async () => {
      const pruned = await pruneEvents(ctx)
      logged(pruned, { pruned }, 'pruned old notification events')
    },
    // Attempts nobody submitted are also finalised when next read; this catches the rest.
    'exam-attempts': async () => {
      const finalized = await finalizeExpiredAttempts(ctx)
      logged(finalized, { finalized }, 'finalised expired exam attempts')
    },
    // Sales past the refund window: their net becomes available, once each (decision 022).
    'earnings-release': async () => {
      const released = await releaseEarnings(ctx)
      logged(released, { released }, 'earnings released from pending')
    },
    // Second payments whose refund the provider has not confirmed: asked for again (decision 040).
    'owed-refunds': async () => {
      const owed = await retryOwedRefunds(ctx, payments)
      logged(owed, { owed }, 'refunds of second payments asked for again')
    },
    'sandbox-payments': async () => {
      if (!sandbox) return
      const renewals = await runSandboxRenewals(ctx, sandbox)
      logged(renewals.renewed + renewals.declined + renewals.ended, renewals, 'sandbox subscription renewals')
      // Stripe expires its checkouts after 24 hours and says so; the sandbox's expire here.
      const cancelled = await cancelAbandonedCheckouts(ctx, sandbox)
      logged(cancelled, { cancelled }, 'sandbox checkouts expired: orders cancelled')
    },
    // Newsletter deliveries whose send job is gone get one more (decision 046).
    'newsletter-sweep': async () => {
      const posts = await sweepStranded(ctx)
      logged(posts, { posts }, 'newsletter deliveries still queued sent again')
    },
    // The overview's daily rollups: the days that can still change (decision 024).
    'overview-rollups': async () => {
      await rollUpStats(ctx)
    },
  }
}

/** The housekeeping workers: each task once a minute, in whichever process takes it (decision 045). */
export function housekeepingWorkers(ctx: AppContext, { pollSeconds = 30 } = {}): Worker[] {
  const run = tasks(ctx)
  return HOUSEKEEPING_TASKS.map((task) => ({
    queue: housekeepingQueue(task),
    cron: '* * * * *',
    // A job a minute each: looking every half minute is soon enough, and cheap on embedded PGlite.
    pollSeconds,
    run: () => run[task](),
  }))
}

/**
 * Every task once, in this process, when it starts: what waited while no process ran is done
 * before the banner, so its log lines come first. A failure is logged; the schedule tries again.
 */
export async function catchUp(ctx: AppContext): Promise<void> {
  for (const [task, run] of Object.entries(tasks(ctx))) {
    try {
      await run()
    } catch (error) {
      ctx.log.warn({ err: error, task }, 'housekeeping failed')
    }
  }
}
