import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { post, postComment, postLike, postView, user } from '#server/db/schema/index.ts'
import { DAY, HOUR, MINUTE } from './history-ledger.ts'
import { HISTORY_COMMENTS, HISTORY_POSTS } from './history-posts.ts'
import { demoPostRow } from './post-row.ts'
import type { DemoKey } from './types.ts'

// The demo history's readership: older posts for the demo writers, and their
// daily views, likes and comments from the history's readers (see history.ts).

/** How far back the history reaches. */
export const HISTORY_DAYS = 180

export async function seedReadership(
  tx: Db,
  {
    ids,
    now,
    readers,
    pick,
  }: {
    ids: Record<DemoKey, string>
    now: number
    readers: { id: string }[]
    /** A fixed shuffle of the readers: `count` of them, all joined by `at`. */
    pick: (count: number, at?: number) => string[]
  },
): Promise<void> {
  const nowIso = new Date(now).toISOString()
  // Older posts, so the readership history has posts that existed on its days.
  const archive = await tx
    .insert(post)
    .values(
      HISTORY_POSTS.map((p, i) => {
        const at = new Date(now - p.daysAgo * DAY - (2 + ((i * 5) % 9)) * HOUR)
        return {
          ...demoPostRow(ids[p.author], p, at),
          access: 'free' as const,
          status: 'published' as const,
          publishedAt: at,
          newsletterQueuedAt: at,
        }
      }),
    )
    .returning({ id: post.id, publishedAt: post.publishedAt })
  const writers = (['grace', 'tomas', 'mei', 'hannah', 'priya'] as const).map((k) => ids[k])
  const weight = sql.raw(
    `case p.author_id ${(['grace', 'tomas', 'mei'] as const)
      .map((k, i) => `when '${ids[k]}' then ${[1.2, 1.5, 1.0][i]}`)
      .join(' ')} else 0.5 end`,
  )

  // The counters' triggers are off while the views and likes go in, then each post's counters
  // gain what was written, in one update: each trigger's update of a post row recomputes its
  // search vector (a generated column), which made these thousands of rows cost seconds. The
  // seed's transaction holds the tables alone (an empty database, the seed's lock), and the
  // triggers are on again before anything else is written; the counters still equal the rows.
  await tx.execute(sql`alter table ${postView} disable trigger post_view_count`)
  await tx.execute(sql`alter table ${postLike} disable trigger post_like_count`)

  // Views by signed-out readers: one row per reader key per post per day, from the post's
  // publication (or the history's start) to today. Each post's first week is its busiest, the
  // writers' readership grows across the half year, weekends are quieter, days vary.
  const views = await tx.execute<{ post_id: string }>(sql`
    with days as (
      select p.id as post_id, p.slug, ${weight} as w, d::date as day,
             (d::date - (p.published_at at time zone 'UTC')::date) as age,
             (${nowIso}::timestamptz at time zone 'UTC')::date - d::date as ago
      from ${post} p,
        generate_series(
          greatest((p.published_at at time zone 'UTC')::date, (${nowIso}::timestamptz at time zone 'UTC')::date - ${HISTORY_DAYS}::int),
          (${nowIso}::timestamptz at time zone 'UTC')::date, interval '1 day') d
      where p.status = 'published' and p.author_id in ${writers}
    ), counts as (
      select post_id, slug, day,
        floor(w * (6 + 18 * exp(-age / 5.0)) * (0.45 + 0.55 * (1 - ago / ${HISTORY_DAYS}::float8))
          * (case when extract(isodow from day) >= 6 then 0.6 else 1 end)
          * (0.6 + (abs(hashtext(slug || day::text)) % 80) / 100.0))::int as n
      from days
    )
    insert into post_view (post_id, viewer_key, day)
    select post_id, 'anon:' || md5(slug || day::text || g::text), day
    from counts, generate_series(1, n) g
    on conflict do nothing
    returning post_id`)

  // Likes from the readers who had joined by then, most in the post's first weeks.
  const readerIds = readers.map((r) => r.id)
  const likes = await tx.execute<{ post_id: string }>(sql`
    insert into post_like (post_id, user_id, created_at)
    select p.id, u.id,
      least(p.published_at + ((abs(hashtext(p.slug || u.email)) % 1000) / 1000.0) ^ 2
        * least(${nowIso}::timestamptz - p.published_at, interval '60 days'),
        ${nowIso}::timestamptz - interval '1 minute')
    from ${post} p join ${user} u on u.id in ${readerIds}
    where p.status = 'published' and p.author_id in ${writers.slice(0, 3)}
      and u.created_at <= p.published_at + interval '30 days'
      and abs(hashtext(u.email || p.slug)) % 100 < 100 * ${weight} / 4
    on conflict do nothing
    returning post_id`)
  await tx.execute(sql`alter table ${postView} enable trigger post_view_count`)
  await tx.execute(sql`alter table ${postLike} enable trigger post_like_count`)
  const added = new Map<string, { views: number; likes: number }>()
  const tally = (rows: { post_id: string }[], field: 'views' | 'likes') => {
    for (const { post_id } of rows) {
      const counts = added.get(post_id) ?? { views: 0, likes: 0 }
      counts[field] += 1
      added.set(post_id, counts)
    }
  }
  tally(views.rows, 'views')
  tally(likes.rows, 'likes')
  for (const [postId, { views: v, likes: l }] of added) {
    await tx
      .update(post)
      .set({ viewCount: sql`${post.viewCount} + ${v}`, likeCount: sql`${post.likeCount} + ${l}` })
      .where(sql`${post.id} = ${postId}`)
  }

  // A few comments under each older post, from readers, in its first weeks.
  const comments: (typeof postComment.$inferInsert)[] = []
  HISTORY_POSTS.forEach((p, i) => {
    const pool = p.category === 'academic' ? HISTORY_COMMENTS.academic : HISTORY_COMMENTS.story
    const published = archive[i].publishedAt?.getTime() ?? now
    const count = 2 + ((i * 3) % 3)
    const authors = pick(count, published)
    for (let k = 0; k < count; k++) {
      const at = new Date(Math.min(now - MINUTE, published + (3 + k * 20 + ((i * 7) % 11)) * HOUR))
      comments.push({
        postId: archive[i].id,
        authorId: authors[k],
        body: pool[(i + k * 2) % pool.length],
        createdAt: at,
        updatedAt: at,
      })
    }
  })
  await tx.insert(postComment).values(comments)
}
