import { and, asc, desc, eq, gt, isNotNull, ne, notInArray, type SQL, sql } from 'drizzle-orm'
import { POPULAR_WINDOW_DAYS } from '#common/constants.ts'
import {
  type FeaturedState,
  type FeedQuery,
  MORE_FROM_WRITER,
  type PopularQuery,
  type PostCard,
  type PostNeighbours,
  type PostStatus,
} from '#common/schemas/posts.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { activeAuthor } from '#server/db/active-author.ts'
import { afterCursor, beyondKey, type Page, toPage } from '#server/db/cursor.ts'
import { post, postLike, postView, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { findReadablePost } from './reactions.service.ts'

// Published posts as cards: one query each, the author joined, the counts from the post's counter
// columns (never the body, which cards do not carry).

/** A card's columns (search selects them too, with its rank and snippet). */
export const cardColumns = {
  id: post.id,
  category: post.category,
  subjectSlug: post.subjectSlug,
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  coverImage: post.coverImage,
  tags: post.tags,
  access: post.access,
  publishedAt: post.publishedAt,
  featuredAt: post.featuredAt,
  likes: post.likeCount,
  comments: post.commentCount,
  views: post.viewCount,
  score: post.score,
  author: { id: user.id, name: user.name, image: user.image },
}

const published = eq(post.status, 'published')

function selectCards(ctx: AppContext, where: SQL | undefined, orderBy: SQL[], limit: number) {
  return ctx.db
    .select(cardColumns)
    .from(post)
    .innerJoin(user, activeAuthor(post.authorId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
}

export type CardRow = Awaited<ReturnType<typeof selectCards>>[number]

export const toCard = ({ featuredAt, score: _score, publishedAt, ...card }: CardRow): PostCard => ({
  ...card,
  publishedAt: publishedAt?.toISOString() ?? null,
  featured: featuredAt !== null,
})

/**
 * Each sort pages on its own (key, id) index; the key of a row is where its page ends (never null:
 * the feed has only published posts, and only featured ones when sorted by featured).
 */
const SORTS = {
  newest: { column: post.publishedAt, keyOf: (r: CardRow) => r.publishedAt as Date },
  popular: { column: post.score, keyOf: (r: CardRow) => r.score },
  featured: { column: post.featuredAt, keyOf: (r: CardRow) => r.featuredAt as Date },
} as const

/** `GET /api/posts`: published posts, filtered, one keyset page in the chosen order. */
export async function listFeed(ctx: AppContext, query: FeedQuery): Promise<Page<PostCard>> {
  const sort = SORTS[query.sort]
  const rows = await selectCards(
    ctx,
    and(
      published,
      query.category ? eq(post.category, query.category) : undefined,
      query.subject ? eq(post.subjectSlug, query.subject) : undefined,
      // Containment, so the GIN index on tags answers it.
      query.tag ? sql`${post.tags} @> array[${query.tag}]::text[]` : undefined,
      query.writer ? eq(post.authorId, query.writer) : undefined,
      // Spelled as the partial index's predicate, so the planner may use post_featured_idx.
      query.sort === 'featured' ? isNotNull(post.featuredAt) : undefined,
      afterCursor(query.cursor, sort.column, post.id),
    ),
    [desc(sort.column), desc(post.id)],
    query.limit + 1,
  )
  return toPage(rows, query.limit, toCard, sort.keyOf)
}

/**
 * `GET /api/posts/popular`: the posts with the most activity in the last POPULAR_WINDOW_DAYS days
 * (a like weighs 5, a view 1; each read through its date index), topped up with the all-time most
 * popular so the section is never empty while anything is published.
 */
export async function popularPosts(ctx: AppContext, query: PopularQuery): Promise<PostCard[]> {
  const inCategory = query.category ? eq(post.category, query.category) : undefined
  const recent = ctx.db
    .select({ postId: postLike.postId, weight: sql<number>`5`.as('weight') })
    .from(postLike)
    .where(gt(postLike.createdAt, sql`now() - make_interval(days => ${POPULAR_WINDOW_DAYS})`))
    .unionAll(
      ctx.db
        .select({ postId: postView.postId, weight: sql<number>`1`.as('weight') })
        .from(postView)
        // Views are counted per UTC day: today and the days before it, POPULAR_WINDOW_DAYS in all.
        .where(gt(postView.day, sql`(now() at time zone 'utc')::date - ${POPULAR_WINDOW_DAYS}::int`)),
    )
    .as('recent')
  const activity = ctx.db
    .select({ postId: recent.postId, weight: sql<number>`sum(${recent.weight})`.as('activity') })
    .from(recent)
    .groupBy(recent.postId)
    .as('activity')
  // The ranking needs only the post row; authors are joined for the few that make the list.
  const top = ctx.db
    .select({ id: post.id, weight: activity.weight })
    .from(activity)
    .innerJoin(post, eq(post.id, activity.postId))
    .innerJoin(user, activeAuthor(post.authorId))
    .where(and(published, inCategory))
    .orderBy(desc(activity.weight), desc(post.score), desc(post.id))
    .limit(query.limit)
    .as('top')
  const active = await ctx.db
    .select(cardColumns)
    .from(top)
    .innerJoin(post, eq(post.id, top.id))
    .innerJoin(user, eq(user.id, post.authorId))
    .orderBy(desc(top.weight), desc(post.score), desc(post.id))
  const rest =
    active.length < query.limit
      ? await selectCards(
          ctx,
          and(
            published,
            inCategory,
            active.length
              ? notInArray(
                  post.id,
                  active.map((r) => r.id),
                )
              : undefined,
          ),
          [desc(post.score), desc(post.id)],
          query.limit - active.length,
        )
      : []
  return [...active, ...rest].map(toCard)
}

/**
 * `GET /api/posts/:id/around`: the writer's published posts in the same category just before and
 * just after this one (by published_at, id), and their latest others in any category.
 */
export async function postNeighbours(
  ctx: AppContext,
  reader: SessionUser | null,
  id: string,
): Promise<PostNeighbours> {
  const target = await findReadablePost(ctx, reader, id)
  const byWriter = and(published, eq(post.authorId, target.authorId))
  const sameShelf = and(byWriter, eq(post.category, target.category))
  // A post never published (a draft its author is previewing) has no place in the sequence.
  const at = target.publishedAt
  const [previous, next, more] = await Promise.all([
    at
      ? selectCards(
          ctx,
          and(sameShelf, beyondKey(at, target.id, post.publishedAt, post.id, 'desc')),
          [desc(post.publishedAt), desc(post.id)],
          1,
        )
      : [],
    at
      ? selectCards(
          ctx,
          and(sameShelf, beyondKey(at, target.id, post.publishedAt, post.id, 'asc')),
          [asc(post.publishedAt), asc(post.id)],
          1,
        )
      : [],
    selectCards(
      ctx,
      and(byWriter, ne(post.id, target.id)),
      [desc(post.publishedAt), desc(post.id)],
      MORE_FROM_WRITER,
    ),
  ])
  return {
    previous: previous[0] ? toCard(previous[0]) : null,
    next: next[0] ? toCard(next[0]) : null,
    moreFromWriter: more.map(toCard),
  }
}

/** Why a post cannot be featured (published: it was unpublished while being featured). */
const UNFEATURABLE: Record<PostStatus, string> = {
  draft: 'still a draft',
  pending: 'waiting for review',
  rejected: 'rejected',
  published: 'no longer published',
}

/**
 * Features (or stops featuring) a post. Only a published post can be featured; featuring twice
 * keeps the first pick's time, so the featured order does not shuffle.
 */
export async function setFeatured(ctx: AppContext, id: string, featured: boolean): Promise<FeaturedState> {
  const [found] = await ctx.db.select({ status: post.status }).from(post).where(eq(post.id, id))
  if (!found) throw new AppError('not_found', 'That post does not exist')
  if (!featured) {
    await ctx.db.update(post).set({ featuredAt: null }).where(eq(post.id, id))
    return { featured: false }
  }
  const [updated] = await ctx.db
    .update(post)
    .set({ featuredAt: sql`coalesce(${post.featuredAt}, now())` })
    // The status in the condition: a post unpublished meanwhile is not featured.
    .where(and(eq(post.id, id), published))
    .returning({ id: post.id })
  if (!updated) {
    throw new AppError(
      'conflict',
      `Only a published post can be featured, and this one is ${UNFEATURABLE[found.status]}`,
    )
  }
  return { featured: true }
}
