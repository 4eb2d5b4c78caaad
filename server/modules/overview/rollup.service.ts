import { sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'

// The overview's daily rollups (decision 024). Each run rebuilds, in one transaction, every day
// from the day before the last run's to today, straight from the raw rows: a replay, not an
// increment, so running twice (or in two processes at once) gives the same rows, and an event
// stamped a little late (an attempt submitted just after midnight, a commit that straddled the
// run) is counted on its next rebuild. The first run rebuilds everything. A day older than that
// keeps what it counted: an unlike or a deleted comment months later does not rewrite history.

const ROLLUP = 'daily'
/** Serialises the runs of several processes (pg_advisory_xact_lock's key). */
const ROLLUP_LOCK = 240_024

/** Each source as rows of (writer, day, item, the figures it adds), from `start` (a timestamptz). */
const itemSources = (from: string) => {
  const start = sql`(${from}::date)::timestamp at time zone 'utc'`
  const day = (column: string) => sql.raw(`(${column} at time zone 'utc')::date`)
  return sql`
    select p.author_id as writer_id, v.day, 'post' as item_kind, v.post_id as item_id,
      count(*)::int as views, 0 as likes, 0 as comments, 0 as sales, 0 as revenue, 0 as attempts, 0 as passes
    from post_view v join post p on p.id = v.post_id
    where v.day >= ${from}::date and v.viewer_key <> 'user:' || p.author_id
    group by 1, 2, 4
    union all
    select p.author_id, ${day('l.created_at')}, 'post', l.post_id, 0, count(*)::int, 0, 0, 0, 0, 0
    from post_like l join post p on p.id = l.post_id
    where l.created_at >= ${start} and l.user_id <> p.author_id
    group by 1, 2, 4
    union all
    select p.author_id, ${day('c.created_at')}, 'post', c.post_id, 0, 0, count(*)::int, 0, 0, 0, 0
    from post_comment c join post p on p.id = c.post_id
    where c.created_at >= ${start} and c.author_id <> p.author_id
    group by 1, 2, 4
    union all
    select o.seller_id, ${day('t.created_at')}, 'book', o.item_id::uuid, 0, 0, 0, count(*)::int, sum(o.amount)::int, 0, 0
    from ledger_transfer t
    join "order" o on o.id = t.order_id and o.item_kind = 'book'
    join "user" u on u.id = o.seller_id
    where t.kind = 'sale' and t.created_at >= ${start}
    group by 1, 2, 4
    union all
    select e.author_id, ${day('a.submitted_at')}, 'exam', a.exam_id, 0, 0, 0, 0, 0,
      count(*)::int, (count(*) filter (where a.passed))::int
    from exam_attempt a join exam e on e.id = a.exam_id
    where a.submitted_at >= ${start} and a.user_id <> e.author_id
    group by 1, 2, 4`
}

/** New subscribers by writer and day: free follows, and first payments of paid ones (a `sale`). */
const subscriberSources = (from: string) => {
  const start = sql`(${from}::date)::timestamp at time zone 'utc'`
  return sql`
    select s.writer_id, (s.created_at at time zone 'utc')::date as day, count(*)::int as free, 0 as paid
    from subscription s
    where s.kind = 'free' and s.created_at >= ${start}
    group by 1, 2
    union all
    select u.id, (t.created_at at time zone 'utc')::date, 0, count(*)::int
    from ledger_transfer t
    join "order" o on o.id = t.order_id and o.item_kind = 'subscription'
    join "user" u on u.id = o.item_id
    where t.kind = 'sale' and t.created_at >= ${start}
    group by 1, 2`
}

/** Rebuilds the days from `from` (YYYY-MM-DD) on, in the caller's transaction. */
async function rebuildFrom(tx: Tx, from: string) {
  await tx.execute(sql`delete from item_stat_day where day >= ${from}::date`)
  await tx.execute(sql`delete from writer_stat_day where day >= ${from}::date`)
  await tx.execute(sql`
    with items as (
      insert into item_stat_day (writer_id, day, item_kind, item_id, views, likes, comments, sales, revenue, attempts, passes)
      select writer_id, day, item_kind, item_id,
        sum(views), sum(likes), sum(comments), sum(sales), sum(revenue), sum(attempts), sum(passes)
      from (${itemSources(from)}) s
      group by 1, 2, 3, 4
      returning *
    )
    insert into writer_stat_day (writer_id, day, views, likes, comments, free_subscribers, paid_subscribers,
      book_sales, book_revenue, exam_attempts, exam_passes)
    select writer_id, day, sum(views), sum(likes), sum(comments), sum(free), sum(paid),
      sum(sales), sum(revenue), sum(attempts), sum(passes)
    from (
      select writer_id, day, views, likes, comments, 0 as free, 0 as paid, sales, revenue, attempts, passes
      from items
      union all
      select writer_id, day, 0, 0, 0, free, paid, 0, 0, 0, 0 from (${subscriberSources(from)}) n
    ) x
    group by 1, 2`)
}

/**
 * Brings the rollups up to date: the days since the day before the last run (everything on the
 * first run, or from `options.from` when given). Returns the first day it rebuilt.
 */
export async function rollUpStats(ctx: AppContext, options: { from?: string } = {}): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`)
    const { rows } = await tx.execute<{ from: string }>(sql`
      select coalesce(${options.from ?? null}::date, (select rolled_through - 1 from stat_rollup where name = ${ROLLUP}),
        date '1970-01-01')::text as from`)
    const from = rows[0]?.from ?? '1970-01-01'
    await rebuildFrom(tx, from)
    // Today as the database dates its events (they are stamped with its now()).
    await tx.execute(sql`
      insert into stat_rollup (name, rolled_through, updated_at)
      values (${ROLLUP}, greatest(${from}::date, (now() at time zone 'utc')::date), now())
      on conflict (name) do update set rolled_through = excluded.rolled_through, updated_at = excluded.updated_at`)
    return from
  })
}

/** When the rollups were last brought up to date, or null before the first run. */
export async function rolledUpAt(db: Db): Promise<Date | null> {
  const { rows } = await db.execute<{ updated_at: string | Date }>(
    sql`select updated_at from stat_rollup where name = ${ROLLUP}`,
  )
  return rows[0] ? new Date(rows[0].updated_at) : null
}
