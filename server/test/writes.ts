import type { App } from '#server/http/app-type.ts'
import { WRITES_TOPIC } from '#server/http/write-signal.ts'

/**
 * Resolves once `app`'s hub has heard that the caches were emptied. Every process hears every
 * write, its own included (the echo empties them once more), so a test waits for that before it
 * relies on what is cached.
 */
export const heardWrite = (app: App) =>
  new Promise<void>((resolve) => {
    const off = app.ctx.hub.subscribeTopic(WRITES_TOPIC, () => {
      off()
      resolve()
    })
  })

/**
 * Resolves once `app`'s hub has heard no write for `quietMs`: the echoes of a set-up's writes
 * (sent after their answers) have all arrived, and none will empty the caches during the test.
 */
export async function writesSettled(app: App, quietMs = 300) {
  let last = Date.now()
  const off = app.ctx.hub.subscribeTopic(WRITES_TOPIC, () => {
    last = Date.now()
  })
  try {
    while (Date.now() - last < quietMs) await new Promise((resolve) => setTimeout(resolve, 50))
  } finally {
    off()
  }
}
