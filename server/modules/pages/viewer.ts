import { queryKeys, type SeededQuery } from '#common/query-keys.ts'
import { StreamSnapshot } from '#common/schemas/notifications.ts'
import { Me } from '#common/schemas/profile.ts'
import type { SessionRead } from '#server/auth/guards.ts'
import type { AppContext } from '#server/context.ts'
import { getMe } from '#server/modules/me/me.service.ts'
import { bellSnapshot } from '#server/modules/notifications/notifications.service.ts'
import { orNotFound } from './page-parts.ts'

// Who is looking, for the app's cache (decision 041): every page carries the session query's
// answer, so the app's first render knows it and no session read arrives later as an update that
// would redraw the page (or hydrate it all at once). A signed-in person's page also carries their
// profile (the header's role) and the bell's snapshot (the unread count), as the app would fetch
// them; a person without a profile yet gets none, and the app asks.

export async function viewerQueries(ctx: AppContext, read: SessionRead | null): Promise<SeededQuery[]> {
  if (!read) return [{ key: queryKeys.authSession, data: null }]
  const [me, latest] = await Promise.all([
    orNotFound(getMe(ctx, read.person)),
    // A moment's picture: the stream's own snapshot replaces it once the page is live.
    bellSnapshot(ctx.db, read.person.id),
  ])
  return [
    { key: queryKeys.authSession, data: read.session },
    ...(me ? [{ key: queryKeys.me, data: Me.parse(me) }] : []),
    { key: queryKeys.latestNotifications, data: StreamSnapshot.parse(latest) },
  ]
}
