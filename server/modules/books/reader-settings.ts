import { eq } from 'drizzle-orm'
import { MyReaderSettings, ReaderSettings } from '#common/schemas/reader-settings.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import { profile } from '#server/db/schema/index.ts'
import type { App } from '#server/http/app-type.ts'

// The book reader's settings, kept per person on their profile, so a reader's text
// size, theme and line width follow them to another device. Registered with the books routes.

export function readerSettingsRoutes(app: App) {
  app.get(
    '/api/me/reader-settings',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getReaderSettings',
        summary: 'Read my reading settings',
        response: { 200: MyReaderSettings },
      },
    },
    async (req) => {
      const [row] = await app.ctx.db
        .select({ settings: profile.readerSettings })
        .from(profile)
        .where(eq(profile.userId, actor(req).id))
      return { settings: row?.settings ?? null }
    },
  )

  app.put(
    '/api/me/reader-settings',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'saveReaderSettings',
        summary: 'Save my reading settings',
        body: ReaderSettings,
        response: { 200: MyReaderSettings },
      },
    },
    async (req) => {
      await app.ctx.db
        .update(profile)
        .set({ readerSettings: req.body })
        .where(eq(profile.userId, actor(req).id))
      return { settings: req.body }
    },
  )
}
