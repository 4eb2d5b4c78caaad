import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { subjectPath, writerPath } from '#common/paths.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import type { AppContext } from '#server/context.ts'
import { post, subject, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { CATEGORY_PAGES } from './public-paths.ts'

/** How many posts a feed carries, newest first (Ghost pages its feeds by 15; readers poll often). */
export const FEED_ITEMS = 20

/** What a feed is about: its title, its page, and which published posts it holds. */
export interface FeedScope {
  title: string
  description: string
  pagePath: string
  where?: SQL
  /** When what the feed is about last changed itself (a writer's name), for a feed without posts. */
  changedAt?: Date
}

const SITE_DESCRIPTION =
  'Read, learn and write: academic lessons, fiction and true stories by Inkwell writers.'

export const siteScope = (): FeedScope => ({
  title: 'Inkwell',
  description: SITE_DESCRIPTION,
  pagePath: '/',
})

export function categoryScope(category: PostCategory): FeedScope {
  const page = CATEGORY_PAGES[category]
  return {
    title: `${page.title} – Inkwell`,
    description: `${page.title} on Inkwell, newest first.`,
    pagePath: page.path,
    where: eq(post.category, category),
  }
}

/** A subject hub's feed; an unknown subject is a 404. */
export async function subjectScope(ctx: AppContext, slug: string): Promise<FeedScope> {
  const [found] = await ctx.db
    .select({ name: subject.name, description: subject.description })
    .from(subject)
    .where(eq(subject.slug, slug))
  if (!found) throw new AppError('not_found', 'That subject does not exist')
  return {
    title: `${found.name} – Inkwell`,
    description: found.description || `Posts about ${found.name} on Inkwell, newest first.`,
    pagePath: subjectPath(slug),
    where: eq(post.subjectSlug, slug),
  }
}

/** A writer's feed; an unknown or suspended writer is a 404, as their page has nothing to show. */
export async function writerScope(ctx: AppContext, id: string): Promise<FeedScope> {
  const [found] = await ctx.db
    .select({ name: user.name, updatedAt: user.updatedAt })
    .from(user)
    .where(and(eq(user.id, id), eq(user.banned, false)))
  if (!found) throw new AppError('not_found', 'That writer does not exist')
  return {
    title: `${found.name} – Inkwell`,
    description: `Posts by ${found.name} on Inkwell, newest first.`,
    pagePath: writerPath(id),
    where: eq(post.authorId, id),
    changedAt: found.updatedAt,
  }
}

/** The posts feeds carry: published, by a writer who is not suspended (post joined with its author). */
const inFeeds = and(eq(post.status, 'published'), eq(user.banned, false))

/**
 * The newest published posts in a scope: one query on the scope's (…, status, published_at, id)
 * index read backwards, the author and subject joined by key. A subscribers-only body never
 * leaves the database: the column is null unless the post is free.
 */
export function feedItems(ctx: AppContext, scope: FeedScope) {
  return ctx.db
    .select({
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      coverImage: post.coverImage,
      category: post.category,
      subjectName: subject.name,
      tags: post.tags,
      access: post.access,
      bodyHtml: sql<string | null>`case when ${post.access} = 'free' then ${post.bodyHtml} end`,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      authorId: post.authorId,
      authorName: user.name,
    })
    .from(post)
    .innerJoin(user, eq(user.id, post.authorId))
    .leftJoin(subject, eq(subject.slug, post.subjectSlug))
    .where(and(inFeeds, scope.where))
    .orderBy(desc(post.publishedAt), desc(post.id))
    .limit(FEED_ITEMS)
}

export type FeedItemRow = Awaited<ReturnType<typeof feedItems>>[number]

/**
 * When a feed without posts last changed (Atom requires an `updated`): what it is about, where
 * that has a time of its own, else the site: its newest publication (the site feed's first row, on
 * the same index), or before anything is published, its first account. Rows, not the clock, so the
 * same data gives the same bytes; the clock only for a database without a single account.
 */
export async function emptyFeedUpdated(ctx: AppContext, scope: FeedScope): Promise<Date> {
  if (scope.changedAt) return scope.changedAt
  const [newest] = await ctx.db
    .select({ at: sql<Date>`greatest(${post.publishedAt}, ${post.updatedAt})`.mapWith(post.updatedAt) })
    .from(post)
    .innerJoin(user, eq(user.id, post.authorId))
    .where(inFeeds)
    .orderBy(desc(post.publishedAt), desc(post.id))
    .limit(1)
  if (newest) return newest.at
  const [first] = await ctx.db.select({ at: user.createdAt }).from(user).orderBy(asc(user.createdAt)).limit(1)
  return first?.at ?? ctx.clock.now()
}
