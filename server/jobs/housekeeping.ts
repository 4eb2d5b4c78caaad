import type { AppContext } from '#server/context.ts'
import { pruneEvents } from '#server/modules/notifications/notifications.service.ts'

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

/**
 * Periodic clean-up each server process runs (idempotent, so several processes may run it at
 * once): now, then every hour. Returns a stop function.
 */
export function startHousekeeping(ctx: AppContext, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => void {
  const run = async () => {
    try {
      const pruned = await pruneEvents(ctx)
      if (pruned > 0) ctx.log.info({ pruned }, 'pruned old notification events')
    } catch (error) {
      ctx.log.warn({ err: error }, 'housekeeping failed')
    }
  }
  void run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
