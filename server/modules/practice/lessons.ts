import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { AppContext, SessionUser } from '#server/context.ts'
import { flashcard, post, practiceCard } from '#server/db/schema/index.ts'
import { bodyReadable } from '#server/modules/posts/index.ts'

// Which lessons' Key ideas a reader practises now (decision 052). A card reads its flashcard's
// current text, so the writer's edits reach every reader and their schedule stays. A lesson's
// cards are practised only while it is a published academic lesson whose body the reader may
// read: a lapsed subscription hides them, as it hides the body; they come back with it.

/** What a flashcard card shows of its lesson. */
export interface LessonAccess {
  id: string
  title: string
  authorId: string
  slug: string
}

/** The lessons whose Key ideas the reader has in practice and may read now. */
export async function practisableLessons(
  ctx: AppContext,
  actor: SessionUser,
  postId?: string,
): Promise<Map<string, LessonAccess>> {
  const rows = await ctx.db
    .selectDistinct({
      id: post.id,
      title: post.title,
      authorId: post.authorId,
      slug: post.slug,
      access: post.access,
      status: post.status,
      category: post.category,
    })
    .from(practiceCard)
    .innerJoin(flashcard, eq(flashcard.id, practiceCard.flashcardId))
    .innerJoin(post, eq(post.id, flashcard.postId))
    .where(and(eq(practiceCard.userId, actor.id), postId ? eq(post.id, postId) : undefined))
  const open = new Map<string, LessonAccess>()
  for (const { access, status, category, ...lesson } of rows) {
    if (status !== 'published' || category !== 'academic') continue
    if (await bodyReadable(ctx, actor, { access, authorId: lesson.authorId })) open.set(lesson.id, lesson)
  }
  return open
}

/** The practice cards of these lessons' Key ideas, as a WHERE condition. */
export const ofLessons = (postIds: string[]): SQL =>
  sql`${practiceCard.flashcardId} in (select ${flashcard.id} from ${flashcard} where ${inArray(flashcard.postId, postIds)})`
