import { and, arrayContains, desc, eq, gte, isNotNull, ne, not, type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import { type GroupText, notifyGroup, rewriteGroup } from '#server/core/notify.ts'
import type { Tx } from '#server/db/client.ts'
import { notification, post, postLike, user } from '#server/db/schema/index.ts'
import { removeNotifications } from './notifications.service.ts'

// Likes notify as one grouped notification per post (decision 015).

const GROUP_PREFIX = 'like:'

interface LikedPost {
  id: string
  authorId: string
  title: string
}

/** "Ana Lopez liked …", "Ana Lopez and Tomás Reyes liked …", "Ana Lopez and 3 others liked …". */
export function likeMessage(names: string[], total: number, title: string): string {
  const who =
    total === 1
      ? names[0]
      : total === 2
        ? `${names[0]} and ${names[1]}`
        : `${names[0]} and ${total - 1} others`
  return `${who} liked “${title}”`
}

/**
 * The group as it stands: the people who liked the post since `since` and still like it (an
 * unlike or a deleted account drops out), its author aside, the newest named first.
 */
async function likeText(
  tx: Tx,
  target: LikedPost,
  since: Date,
  newest?: string,
): Promise<GroupText & { total: number }> {
  // Who is liking right now comes first, even when a concurrent like carries the same time.
  const order: SQL[] = newest ? [sql`${postLike.userId} = ${newest} desc`] : []
  const likers = await tx
    .select({ id: user.id, name: user.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(postLike)
    .innerJoin(user, eq(user.id, postLike.userId))
    .where(
      and(
        eq(postLike.postId, target.id),
        ne(postLike.userId, target.authorId),
        gte(postLike.createdAt, since),
      ),
    )
    .orderBy(...order, desc(postLike.createdAt), desc(postLike.userId))
    .limit(2)
  const total = likers[0]?.total ?? 0
  const named = likers.slice(0, total === 2 ? 2 : 1)
  return {
    total,
    message: likeMessage(
      named.map((l) => l.name),
      total,
      target.title,
    ),
    actorIds: named.map((l) => l.id),
  }
}

/**
 * Tells a post's author of a new like, inside the liking transaction; never of their own. A like
 * from someone the unread group already names (they unliked and liked again) tells them nothing new:
 * the notification keeps its place, text and read state.
 */
export async function notifyLike(tx: Tx, target: LikedPost, likerId: string, link: string): Promise<void> {
  if (target.authorId === likerId) return
  const groupKey = `${GROUP_PREFIX}${target.id}`
  const [named] = await tx
    .select({ id: notification.id })
    .from(notification)
    .where(
      and(
        eq(notification.writerId, target.authorId),
        eq(notification.groupKey, groupKey),
        not(notification.isRead),
        arrayContains(notification.actorIds, [likerId]),
      ),
    )
    // Taken with the row's lock, so a read committing meanwhile (a new group) is seen.
    .for('update')
  if (named) return
  await notifyGroup(tx, target.authorId, 'like', groupKey, link, (since) =>
    likeText(tx, target, since, likerId),
  )
}

/**
 * Once an account is deleted (its likes went with it): re-words every like notification that
 * named it, or removes one that nobody it counted is left in. One transaction per notification,
 * so no two rows are ever locked together.
 */
export async function forgetLiker(ctx: AppContext, userId: string): Promise<void> {
  const naming = await ctx.db
    .select({ id: notification.id })
    .from(notification)
    .where(and(isNotNull(notification.groupKey), arrayContains(notification.actorIds, [userId])))
  for (const { id } of naming) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          writerId: notification.writerId,
          groupKey: notification.groupKey,
          groupSince: notification.groupSince,
        })
        .from(notification)
        .where(and(eq(notification.id, id), eq(notification.kind, 'like')))
        .for('update')
      if (!row?.groupKey?.startsWith(GROUP_PREFIX) || !row.groupSince) return
      const postId = row.groupKey.slice(GROUP_PREFIX.length)
      const [liked] = await tx.select({ title: post.title }).from(post).where(eq(post.id, postId))
      const text = liked
        ? await likeText(tx, { id: postId, authorId: row.writerId, title: liked.title }, row.groupSince)
        : null
      if (text && text.total > 0) await rewriteGroup(tx, id, text)
      else await removeNotifications(tx, row.writerId, [id])
    })
  }
}
