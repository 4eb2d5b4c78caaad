import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { Subject, SubjectInput, SubjectWithCounts } from '#common/schemas/subjects.ts'
import { slugify } from '#common/slug.ts'
import type { AppContext } from '#server/context.ts'
import { activeAuthor } from '#server/db/active-author.ts'
import { forumThread, post, profile, subject, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

/** Subjects with their number of published posts (by writers not suspended), counted in the same grouped query. */
const withCounts = (ctx: AppContext) =>
  ctx.db
    .select({
      slug: subject.slug,
      name: subject.name,
      kind: subject.kind,
      description: subject.description,
      posts: count(user.id),
    })
    .from(subject)
    .leftJoin(post, and(eq(post.subjectSlug, subject.slug), eq(post.status, 'published')))
    .leftJoin(user, activeAuthor(post.authorId))
    .groupBy(subject.slug)

/** Every subject with its number of published posts, academic first, each kind by name. */
export async function listSubjects(ctx: AppContext): Promise<SubjectWithCounts[]> {
  return withCounts(ctx).orderBy(asc(subject.kind), asc(subject.name))
}

const notFound = () => new AppError('not_found', 'That subject does not exist')

/** Whether a subject exists: what posts, exams and forum threads are filed under. */
export async function subjectExists(ctx: AppContext, slug: string): Promise<boolean> {
  const [found] = await ctx.db.select({ slug: subject.slug }).from(subject).where(eq(subject.slug, slug))
  return !!found
}

export async function getSubject(ctx: AppContext, slug: string): Promise<SubjectWithCounts> {
  const [found] = await withCounts(ctx).where(eq(subject.slug, slug))
  if (!found) throw notFound()
  return found
}

const nameTaken = () =>
  new AppError('bad_request', 'Some fields need your attention', {
    name: 'There is already a subject with that name',
  })

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e.cause?.code ?? e.code) === '23505'
}

/** Adds a subject; its slug comes from the name and never changes (links and posts use it). */
export async function createSubject(ctx: AppContext, input: SubjectInput): Promise<Subject> {
  // The slug is the primary key and the name is unique: either clash inserts nothing. Two names
  // that differ only in case or punctuation make the same slug, so they clash too.
  const [created] = await ctx.db
    .insert(subject)
    .values({ slug: slugify(input.name), ...input })
    .onConflictDoNothing()
    .returning()
  if (!created) throw nameTaken()
  return created
}

export async function updateSubject(ctx: AppContext, slug: string, input: SubjectInput): Promise<Subject> {
  const [clash] = await ctx.db
    .select({ slug: subject.slug })
    .from(subject)
    .where(and(sql`lower(${subject.name}) = lower(${input.name})`, ne(subject.slug, slug)))
  if (clash) throw nameTaken()
  try {
    const [updated] = await ctx.db.update(subject).set(input).where(eq(subject.slug, slug)).returning()
    if (!updated) throw notFound()
    return updated
  } catch (error) {
    // Another admin took the name in the meantime.
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Only a subject no post and no forum thread uses can go; it also leaves everyone's interests. */
export async function deleteSubject(ctx: AppContext, slug: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Locked first: a post or thread saved meanwhile with this subject waits, then fails its
    // foreign key.
    const [found] = await tx.select().from(subject).where(eq(subject.slug, slug)).for('update')
    if (!found) throw notFound()
    const [{ posts }] = await tx.select({ posts: count() }).from(post).where(eq(post.subjectSlug, slug))
    const [{ threads }] = await tx
      .select({ threads: count() })
      .from(forumThread)
      .where(eq(forumThread.subjectSlug, slug))
    if (posts > 0 || threads > 0) {
      const uses = [
        posts > 0 ? counted(posts, 'post', 'posts') : null,
        threads > 0 ? counted(threads, 'forum thread', 'forum threads') : null,
      ]
      throw new AppError('conflict', `Move or delete its ${uses.filter(Boolean).join(' and ')} first`)
    }
    await tx
      .update(profile)
      .set({ interests: sql`array_remove(${profile.interests}, ${slug})` })
      .where(sql`${slug} = any(${profile.interests})`)
    await tx.delete(subject).where(eq(subject.slug, slug))
  })
}
