import { eq, sql } from 'drizzle-orm'
import type { ModerateThreadInput, Thread } from '#common/schemas/forums.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { forumThread } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { subjectExists } from '#server/modules/subjects/index.ts'
import { forumThreadTopic, signalTopic } from '#server/realtime/topics.ts'
import { findThreadRow, loadThread } from './threads.service.ts'

// Admins pin, lock and move threads (the route's scope requires an admin).

// Pinning or locking again keeps the original time: pinned threads are listed newest pinned first.
const since = (on: boolean | undefined, column: typeof forumThread.pinnedAt | typeof forumThread.lockedAt) =>
  on === undefined ? undefined : on ? sql`coalesce(${column}, now())` : null

export async function moderateThread(
  ctx: AppContext,
  admin: SessionUser,
  id: string,
  input: ModerateThreadInput,
): Promise<Thread> {
  await findThreadRow(ctx.db, id)
  if (input.subjectSlug !== undefined && !(await subjectExists(ctx, input.subjectSlug))) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      subjectSlug: 'Choose a subject from the list',
    })
  }
  return ctx.db.transaction(async (tx) => {
    // A move changes the forums' counts by trigger (forum_count_thread).
    await tx
      .update(forumThread)
      .set({
        pinnedAt: since(input.pinned, forumThread.pinnedAt),
        lockedAt: since(input.locked, forumThread.lockedAt),
        subjectSlug: input.subjectSlug,
      })
      .where(eq(forumThread.id, id))
    await signalTopic(tx, forumThreadTopic(id))
    return loadThread(tx, admin, id)
  })
}
