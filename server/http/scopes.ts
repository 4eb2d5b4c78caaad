import multipart from '@fastify/multipart'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import type { App } from './app-type.ts'

/** What a module exports for its routes: it adds routes to the app it is given, and no hooks. */
export type Routes = (app: App) => void | Promise<void>

/**
 * Every route is registered here, each scope in its own encapsulated plugin, so a hook belongs to
 * its scope alone. Open routes guard themselves route by route (`onRequest: requireUser`); the
 * uploads scope alone parses multipart bodies (the plugin's hooks stay off every other request);
 * every route of the admin scope answers 401 signed out and 403 to anyone but an admin. A module's routes
 * never add an onRequest hook (lint/no-route-hooks.grit): called outside its plugin, one would guard
 * every route registered after it.
 */
export interface Scopes {
  open: Routes[]
  uploads: Routes[]
  admin: Routes[]
}

export async function registerRoutes(app: App, scopes: Scopes): Promise<void> {
  await app.register(async (open: App) => {
    for (const routes of scopes.open) await routes(open)
  })
  await app.register(async (uploads: App) => {
    await uploads.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } })
    for (const routes of scopes.uploads) await routes(uploads)
  })
  await app.register(async (admin: App) => {
    admin.addHook('onRequest', requireAdmin)
    for (const routes of scopes.admin) await routes(admin)
  })
}
