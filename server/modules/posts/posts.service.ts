import { and, desc, eq, inArray, like, sql } from 'drizzle-orm'
import { DEFAULT_CURRENCY, POST_BODY_MAX_LENGTH } from '#common/constants.ts'
import { hasContent } from '#common/rich-text.ts'
import type {
  MyPostsQuery,
  Post,
  PostStatus,
  PostSummary,
  PublicPost,
  SavePostInput,
} from '#common/schemas/posts.ts'
import { SLUG_MAX_LENGTH, slugify } from '#common/slug.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { canReadSubscriberBody } from '#server/core/entitlement.ts'
import { authorize, capabilities, postPolicy } from '#server/core/policies/index.ts'
import { storedRichText } from '#server/core/rich-text/rich-text.ts'
import type { Tx } from '#server/db/client.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { post, profile, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { queueNewsletter } from '#server/modules/newsletters/index.ts'
import { subjectExists } from '#server/modules/subjects/index.ts'
import { reactionCounts } from './reactions.service.ts'

export type PostRow = typeof post.$inferSelect

export const toPostSummary = (p: PostRow): PostSummary => ({
  id: p.id,
  authorId: p.authorId,
  category: p.category,
  subjectSlug: p.subjectSlug,
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
  coverImage: p.coverImage,
  tags: p.tags,
  access: p.access,
  status: p.status,
  rejectionReason: p.rejectionReason,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  publishedAt: p.publishedAt?.toISOString() ?? null,
  emailSubscribers: p.emailSubscribers,
  likes: p.likeCount,
  comments: p.commentCount,
  views: p.viewCount,
})

export const toPost = (p: PostRow): Post => ({ ...toPostSummary(p), bodyHtml: p.bodyHtml })

/**
 * The title's slug, or with -2, -3… when the author already has it. The author's saves that pick a
 * slug take turns (a lock until the transaction ends), so a dozen drafts created at once with the
 * same title each get their own slug instead of colliding.
 */
async function uniqueSlug(tx: Tx, authorId: string, title: string, exceptId?: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post-slug:${authorId}`}))`)
  const base = slugify(title)
  const taken = new Set(
    (
      await tx
        .select({ slug: post.slug, id: post.id })
        .from(post)
        .where(and(eq(post.authorId, authorId), like(post.slug, `${base}%`)))
    )
      .filter((r) => r.id !== exceptId)
      .map((r) => r.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/** Fields as stored: the body sanitized (and within the limit as such), the subject only on academic posts (and known). */
async function storedFields(ctx: AppContext, input: SavePostInput) {
  const subjectSlug = input.category === 'academic' ? (input.subjectSlug ?? null) : null
  if (subjectSlug) {
    if (!(await subjectExists(ctx, subjectSlug))) {
      throw new AppError('bad_request', 'Some fields need your attention', {
        subjectSlug: 'Choose a subject from the list',
      })
    }
  }
  return {
    title: input.title,
    category: input.category,
    subjectSlug,
    excerpt: input.excerpt,
    coverImage: input.coverImage,
    bodyHtml: await storedRichText(input.bodyHtml, { maxLength: POST_BODY_MAX_LENGTH, noun: 'post' }),
    tags: input.tags,
    access: input.access,
    emailSubscribers: input.emailSubscribers,
  }
}

/**
 * A post goes to review (and to readers) only with something in it: text or an image. A draft may
 * be empty; `<p></p>` and white space are empty. A 400 on the body, before anything is written.
 */
export function assertHasBody(p: Pick<PostRow, 'bodyHtml'>) {
  if (!hasContent(p.bodyHtml)) {
    throw new AppError('bad_request', 'This post has no text yet', {
      bodyHtml: 'Write something first: a post needs text or an image before it is reviewed',
    })
  }
}

/** Two saves racing for the same slug: the unique index refuses one, which then tries again. */
async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } }
      const code = e.cause?.code ?? e.code
      if (code !== '23505' || attempt >= 3) throw error
    }
  }
}

export async function createPost(ctx: AppContext, actor: SessionUser, input: SavePostInput): Promise<Post> {
  const fields = await storedFields(ctx, input)
  return withSlugRetry(() =>
    ctx.db.transaction(async (tx) => {
      const slug = await uniqueSlug(tx, actor.id, fields.title)
      const [row] = await tx
        .insert(post)
        .values({ ...fields, authorId: actor.id, slug, status: 'draft' })
        .returning()
      return toPost(row)
    }),
  )
}

/**
 * The post the actor may manage: its author's, or any for an admin. Anyone else gets the same 404
 * as for a post that does not exist, so drafts are not even confirmed to exist.
 */
export async function findManageablePost(ctx: AppContext, actor: SessionUser, id: string): Promise<PostRow> {
  const [row] = await ctx.db.select().from(post).where(eq(post.id, id))
  if (!row || !postPolicy.manage(actor, row)) {
    throw new AppError('not_found', 'That post does not exist')
  }
  return row
}

export async function getPostForEditing(ctx: AppContext, actor: SessionUser, id: string): Promise<Post> {
  return toPost(await findManageablePost(ctx, actor, id))
}

export async function updatePost(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: SavePostInput,
): Promise<Post> {
  const before = await findManageablePost(ctx, actor, id)
  const fields = await storedFields(ctx, input)
  // A published post changed by its author is reviewed again; an admin's edit is not.
  const status: PostStatus =
    before.status === 'published' && !postPolicy.publish(actor) ? 'pending' : before.status
  // Only a draft (or a post sent back) may be emptied: in review or published, it keeps its text.
  if (status === 'pending' || status === 'published') assertHasBody(fields)
  return withSlugRetry(() =>
    ctx.db.transaction(async (tx) => {
      // Once published, the address stays: links to it must keep working.
      const slug =
        before.publishedAt || fields.title === before.title
          ? before.slug
          : await uniqueSlug(tx, before.authorId, fields.title, before.id)
      const [row] = await tx
        .update(post)
        .set({ ...fields, slug, status, updatedAt: ctx.clock.now() })
        .where(eq(post.id, id))
        .returning()
      return toPost(row)
    }),
  )
}

/** Draft or rejected → pending; an admin's own post is published at once. */
export async function submitPost(ctx: AppContext, actor: SessionUser, id: string): Promise<Post> {
  const before = await findManageablePost(ctx, actor, id)
  authorize(postPolicy.submit, actor, before, 'Only the author can submit this post')
  if (before.status !== 'draft' && before.status !== 'rejected') {
    throw new AppError('conflict', 'Only a draft or a rejected post can be submitted')
  }
  assertHasBody(before)
  const now = ctx.clock.now()
  const publish = postPolicy.publish(actor)
  const row = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(post)
      .set({
        status: publish ? 'published' : 'pending',
        rejectionReason: null,
        publishedAt: publish ? (before.publishedAt ?? now) : before.publishedAt,
        updatedAt: now,
      })
      // The status in the condition: two submits at once cannot both pass.
      .where(and(eq(post.id, id), inArray(post.status, ['draft', 'rejected'])))
      .returning()
    if (!row) throw new AppError('conflict', 'Only a draft or a rejected post can be submitted')
    // An admin's own post is published here: its newsletter is queued at its first publication.
    if (publish && before.publishedAt === null) await queueNewsletter(ctx, tx, row.id)
    return row
  })
  return toPost(row)
}

export async function deletePost(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await findManageablePost(ctx, actor, id)
  await ctx.db.delete(post).where(eq(post.id, id))
}

/** My posts, most recently changed first. */
export async function listMyPosts(ctx: AppContext, actor: SessionUser, query: MyPostsQuery) {
  const rows = await ctx.db
    .select()
    .from(post)
    .where(
      and(
        eq(post.authorId, actor.id),
        query.status ? eq(post.status, query.status) : undefined,
        afterCursor(query.cursor, post.updatedAt, post.id),
      ),
    )
    .orderBy(desc(post.updatedAt), desc(post.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((row) => ({ row, createdAt: row.updatedAt, id: row.id })),
    query.limit,
    ({ row }) => toPostSummary(row),
  )
}

/**
 * A post as a reader sees it at /learn/<writerId>/<slug>. Unpublished posts exist only for their
 * author and admins. A `subscribers` body is sent only to those entitled to it (the author, admins
 * and the writer's active subscribers: core/entitlement.ts); everyone else gets the post without
 * its body, and what would open it.
 */
export async function readPost(
  ctx: AppContext,
  reader: SessionUser | null,
  writerId: string,
  slug: string,
): Promise<PublicPost> {
  const [found] = await ctx.db
    .select({
      post,
      author: { id: user.id, name: user.name, image: user.image },
      monthlyPrice: sql<number>`coalesce(${profile.monthlyPrice}, 0)`.mapWith(Number),
    })
    .from(post)
    .innerJoin(user, eq(user.id, post.authorId))
    .leftJoin(profile, eq(profile.userId, post.authorId))
    .where(and(eq(post.authorId, writerId), eq(post.slug, slug)))
  if (!found || (found.post.status !== 'published' && !postPolicy.manage(reader, found.post))) {
    throw new AppError('not_found', 'That post does not exist')
  }
  const p = found.post
  const entitled = p.access === 'free' || (await canReadSubscriberBody(ctx, reader, writerId))
  const { monthlyPrice } = found
  return {
    id: p.id,
    author: found.author,
    category: p.category,
    subjectSlug: p.subjectSlug,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    coverImage: p.coverImage,
    tags: p.tags,
    access: p.access,
    status: p.status,
    publishedAt: p.publishedAt?.toISOString() ?? null,
    updatedAt: p.updatedAt.toISOString(),
    bodyHtml: entitled ? p.bodyHtml : null,
    locked: !entitled,
    unlock: entitled
      ? null
      : { kind: monthlyPrice === 0 ? 'free' : 'paid', monthlyPrice, currency: DEFAULT_CURRENCY },
    featured: p.featuredAt !== null,
    ...(await reactionCounts(ctx, p.id, reader?.id ?? null)),
    ...capabilities(postPolicy, reader, p, ['edit', 'feature', 'report']),
  }
}
