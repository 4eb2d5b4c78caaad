import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryKeys, type SeededQuery } from '#common/query-keys.ts'
import { StreamSnapshot } from '#common/schemas/notifications.ts'
import { Me } from '#common/schemas/profile.ts'
import {
  liveSessionOfToken,
  requestSessionToken,
  type SessionRead,
  sessionSelection,
  toSessionRead,
} from '#server/auth/guards.ts'
import { systemClock } from '#server/clock.ts'
import { preparedQuery } from '#server/db/client.ts'
import { profile, session, user } from '#server/db/schema/index.ts'
import { toMe } from '#server/modules/me/index.ts'
import { bellSnapshotJson, toBellSnapshot } from '#server/modules/notifications/index.ts'

// Who is looking, for the app's cache (decision 041): every page carries the session query's
// answer, so the app's first render knows it and no session read arrives later as an update that
// would redraw the page (or hydrate it all at once). A signed-in person's page also carries their
// profile (the header's role) and the bell's snapshot (the unread count), as the app would fetch
// them; a person without a profile yet gets none, and the app asks.
//
// All of it is one statement: the session read, with the profile joined and the bell's snapshot
// built beside it. A signed-in page so costs what a signed-out one does plus one session read.

export interface Viewer {
  /** The live session, or null: signed out. */
  read: SessionRead | null
  /** What the page carries about them, for the app's cache. */
  queries: SeededQuery[]
}

const SIGNED_OUT: Viewer = { read: null, queries: [{ key: queryKeys.authSession, data: null }] }

const viewerByToken = preparedQuery((db) =>
  db
    .select({ ...sessionSelection, profile, bell: bellSnapshotJson(user.id) })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(liveSessionOfToken)
    .prepare('viewer_by_token'),
)

/**
 * Who is looking at a page, read fresh (a page is drawn for them: the session cache, which answers
 * the API's many small reads, is not asked).
 */
export async function readViewer(req: FastifyRequest): Promise<Viewer> {
  const token = requestSessionToken(req)
  if (!token) return SIGNED_OUT
  const [found] = await viewerByToken(req.server.ctx.db).execute({ token, now: systemClock.now() })
  if (!found) return SIGNED_OUT
  const read = toSessionRead(found)
  return {
    read,
    queries: [
      { key: queryKeys.authSession, data: read.session },
      ...(found.profile ? [{ key: queryKeys.me, data: Me.parse(toMe(found.user, found.profile)) }] : []),
      // A moment's picture: the stream's own snapshot replaces it once the page is live.
      { key: queryKeys.latestNotifications, data: StreamSnapshot.parse(toBellSnapshot(found.bell)) },
    ],
  }
}
