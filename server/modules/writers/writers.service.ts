import { and, eq, gt, ilike, or, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { SearchQuery, Snippet, WriterHit } from '#common/schemas/search.ts'
import type { WriterCard, WriterProfile, WritersQuery } from '#common/schemas/writers.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { type CursorKey, decodeCursor, type Page, toPage } from '#server/db/cursor.ts'
import { post, profile, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { viewerSubscription } from '#server/modules/subscriptions/index.ts'

// A writer is anyone not suspended who has published a post: only they are listed, searched and
// shown to others (saying you write is a plan, not something a reader can open). Every list and
// page below starts from the same rows: the user, their profile, and the totals over their
// published posts, summed from the counters the triggers keep (one query per page).

/** Totals over one user's published posts (lateral: an index seek on post_author_published_idx per user). */
const stats = new QueryBuilder()
  .select({
    posts: sql<number>`count(*)::int`.as('posts'),
    likes: sql<number>`coalesce(sum(${post.likeCount}), 0)::int`.as('likes'),
    views: sql<number>`coalesce(sum(${post.viewCount}), 0)::int`.as('views'),
    comments: sql<number>`coalesce(sum(${post.commentCount}), 0)::int`.as('comments'),
  })
  .from(post)
  .where(and(eq(post.authorId, user.id), eq(post.status, 'published')))
  .as('writer_stats')

/** People not suspended, with what a card or a page shows; filtered, sorted and paged by each use below. */
const writer = new QueryBuilder()
  .select({
    id: user.id,
    name: user.name,
    image: user.image,
    bio: sql<string>`coalesce(${profile.bio}, '')`.as('bio'),
    links: sql<string[]>`coalesce(${profile.links}, '[]'::jsonb)`.as('links'),
    monthlyPrice: sql<number>`coalesce(${profile.monthlyPrice}, 0)`.as('monthly_price'),
    joinedAt: user.createdAt,
    // Names sort case-insensitively (PGlite and PostgreSQL differ in their default collation's case order).
    sortName: sql<string>`lower(${user.name})`.as('sort_name'),
    posts: stats.posts,
    likes: stats.likes,
    views: stats.views,
    comments: stats.comments,
  })
  .from(user)
  .leftJoin(profile, eq(profile.userId, user.id))
  .innerJoinLateral(stats, sql`true`)
  .where(eq(user.banned, false))
  .as('writer')

/** Has published: a writer others can find. */
const published = gt(writer.posts, 0)

const cardFields = {
  id: writer.id,
  name: writer.name,
  image: writer.image,
  bio: writer.bio,
  posts: writer.posts,
  likes: writer.likes,
}

const toCard = (row: WriterCard): WriterCard => ({
  id: row.id,
  name: row.name,
  image: row.image,
  bio: row.bio,
  posts: row.posts,
  likes: row.likes,
})

/** The cursor's key and id, when its key is of the kind this list sorts by. */
function cursorOf<K extends CursorKey>(cursor: string | undefined, isKey: (key: CursorKey) => key is K) {
  if (!cursor) return undefined
  const { key, id } = decodeCursor(cursor)
  if (!isKey(key)) {
    throw new AppError('bad_request', 'That page link is no longer valid', { cursor: 'Invalid cursor' })
  }
  return { key, id }
}

const isString = (key: CursorKey): key is string => typeof key === 'string'
const isNumber = (key: CursorKey): key is number => typeof key === 'number'

/** `%q%` for (I)LIKE, with the pattern characters in q taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The directory: by name, or those whose name or bio contains `q`. */
export async function listWriters(ctx: AppContext, query: WritersQuery) {
  const after = cursorOf(query.cursor, isString)
  const rows = await ctx.db
    .select({ ...cardFields, sortName: writer.sortName })
    .from(writer)
    .where(
      and(
        published,
        query.q
          ? or(ilike(writer.name, containing(query.q)), ilike(writer.bio, containing(query.q)))
          : undefined,
        after ? sql`(${writer.sortName}, ${writer.id}) > (${after.key}, ${after.id})` : undefined,
      ),
    )
    .orderBy(writer.sortName, writer.id)
    .limit(query.limit + 1)
  return toPage(rows, query.limit, toCard, (row) => row.sortName)
}

/**
 * A writer page's header. Someone who has published nothing yet sees their own (their page as it
 * will be, empty); to anyone else they, like someone suspended or unknown, are not found.
 */
export async function getWriter(
  ctx: AppContext,
  writerId: string,
  viewer: SessionUser | null,
): Promise<WriterProfile> {
  const [row] = await ctx.db.select().from(writer).where(eq(writer.id, writerId))
  if (!row || (row.posts === 0 && viewer?.id !== writerId))
    throw new AppError('not_found', 'That writer does not exist')
  return {
    ...toCard(row),
    links: row.links,
    joinedAt: row.joinedAt.toISOString(),
    views: row.views,
    comments: row.comments,
    monthlyPrice: row.monthlyPrice,
    viewerSubscription: await viewerSubscription(ctx, viewer, writerId),
  }
}

// ts_headline marks the matched words with these (characters nobody types), split into segments below.
const MARK_START = '\u0002'
const MARK_END = '\u0003'
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MinWords=12, MaxWords=30`

/** "a \u0002b\u0003 c" → [a ][b: match][ c]. */
export function toSnippet(headline: string): Snippet {
  const segments: Snippet = []
  for (const [i, part] of headline.split(new RegExp(`[${MARK_START}${MARK_END}]`)).entries()) {
    // Marks alternate start, end: odd parts sit between a start and its end.
    if (part) segments.push({ text: part, match: i % 2 === 1 })
  }
  return segments
}

/**
 * Full-text search over names ('simple': names are not English words) and bios ('english'), plus
 * a plain substring match on names so "Okaf" finds Okafor. Name matches come first, then by rank
 * (normalised below 1), then by name. The score is an integer, a cursor key like any other: a
 * billion for a name match plus the rank in billionths.
 */
export async function searchWriters(ctx: AppContext, query: SearchQuery): Promise<Page<WriterHit>> {
  const words = sql`websearch_to_tsquery('english', ${query.q})`
  const document = sql`(to_tsvector('simple', ${writer.name}) || to_tsvector('english', ${writer.bio}))`
  const nameHit = sql`(${ilike(writer.name, containing(query.q))} or to_tsvector('simple', ${writer.name}) @@ websearch_to_tsquery('simple', ${query.q}))`
  const score = sql<number>`((case when ${nameHit} then 1000000000 else 0 end) + floor(ts_rank(${document}, ${words}, 32) * 999999999))::int`
  // The cursor carries the score and the id; the name to compare with is read back from that row,
  // which keeps the cursor short whatever the name's length and script.
  const after = cursorOf(query.cursor, isNumber)
  const afterName = after ? sql`(select lower(name) from "user" where id = ${after.id})` : undefined
  const rows = await ctx.db
    .select({
      ...cardFields,
      score,
      headline: sql<string>`ts_headline('english', ${writer.bio}, ${words}, ${HEADLINE_OPTIONS})`,
    })
    .from(writer)
    .where(
      and(
        published,
        or(sql`${document} @@ ${words}`, nameHit),
        after
          ? sql`(${score} < ${after.key} or (${score} = ${after.key} and (${writer.sortName}, ${writer.id}) > (${afterName}, ${after.id})))`
          : undefined,
      ),
    )
    .orderBy(sql`${score} desc`, writer.sortName, writer.id)
    .limit(query.limit + 1)
  return toPage(
    rows,
    query.limit,
    (row) => ({ ...toCard(row), snippet: toSnippet(row.headline) }),
    (row) => row.score,
  )
}
