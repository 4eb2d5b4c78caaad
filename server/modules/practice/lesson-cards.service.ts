import { and, asc, count, eq } from 'drizzle-orm'
import type { LessonPractice, PracticeGradeInput, PracticeGradeResult } from '#common/schemas/practice.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { practicePolicy } from '#server/core/policies/index.ts'
import { flashcard, practiceCard } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { findPractisableLesson } from '#server/modules/posts/index.ts'
import { ofLessons, practisableLessons } from './lessons.ts'
import { cardNotFound, getPracticeSettings, toSchedule } from './practice.service.ts'
import { nextSchedule } from './schedule.ts'

// A lesson's Key ideas in a reader's practice (decision 052): added with one click (again to add
// the writer's new ones), removed with one, and graded by the reader with the four buttons.

/** The lesson's Key ideas, and how many of them the reader practises. */
async function counts(
  ctx: AppContext,
  actor: SessionUser,
  postId: string,
  changed: number,
): Promise<LessonPractice> {
  const [[{ keyIdeas }], [{ inPractice }]] = await Promise.all([
    ctx.db.select({ keyIdeas: count() }).from(flashcard).where(eq(flashcard.postId, postId)),
    ctx.db
      .select({ inPractice: count() })
      .from(practiceCard)
      .where(and(eq(practiceCard.userId, actor.id), ofLessons([postId]))),
  ])
  return { keyIdeas, inPractice, changed }
}

export async function lessonPractice(ctx: AppContext, actor: SessionUser, postId: string) {
  await findPractisableLesson(ctx, actor, postId)
  return counts(ctx, actor, postId, 0)
}

/** Adds the lesson's Key ideas the reader does not practise yet, due now; those already in keep their schedule. */
export async function addLessonCards(ctx: AppContext, actor: SessionUser, postId: string) {
  await findPractisableLesson(ctx, actor, postId)
  const cards = await ctx.db
    .select({ id: flashcard.id })
    .from(flashcard)
    .where(eq(flashcard.postId, postId))
    .orderBy(asc(flashcard.position))
  if (cards.length === 0) throw new AppError('conflict', 'This lesson has no Key ideas yet')
  const now = ctx.clock.now()
  const added = await ctx.db
    .insert(practiceCard)
    .values(
      cards.map((c, i) => ({
        userId: actor.id,
        source: 'flashcard' as const,
        flashcardId: c.id,
        // Due now, a millisecond apart: the due list, in due order, asks them in the lesson's order.
        due: new Date(now.getTime() - (cards.length - i)),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [practiceCard.userId, practiceCard.flashcardId] })
    .returning({ id: practiceCard.id })
  return counts(ctx, actor, postId, added.length)
}

/** Takes the lesson's Key ideas out of the reader's practice (their schedules go with them). */
export async function removeLessonCards(ctx: AppContext, actor: SessionUser, postId: string) {
  await findPractisableLesson(ctx, actor, postId)
  const removed = await ctx.db
    .delete(practiceCard)
    .where(and(eq(practiceCard.userId, actor.id), ofLessons([postId])))
    .returning({ id: practiceCard.id })
  return counts(ctx, actor, postId, removed.length)
}

/**
 * The reader grades a Key idea (Again, Hard, Good or Easy): FSRS reschedules it at their target
 * retention. Anyone else's card, or one whose lesson they may not read now, is not found.
 */
export async function gradeCard(
  ctx: AppContext,
  actor: SessionUser,
  cardId: string,
  input: PracticeGradeInput,
): Promise<PracticeGradeResult> {
  const [found] = await ctx.db
    .select({ userId: practiceCard.userId, postId: flashcard.postId })
    .from(practiceCard)
    .leftJoin(flashcard, eq(flashcard.id, practiceCard.flashcardId))
    .where(eq(practiceCard.id, cardId))
  if (!found || !practicePolicy.use(actor, found)) throw cardNotFound()
  if (!found.postId) {
    throw new AppError('bad_request', 'This card is answered, not graded', {
      rating: 'Answer this question: the server checks it',
    })
  }
  if (!(await practisableLessons(ctx, actor, found.postId)).has(found.postId)) throw cardNotFound()
  const { targetRetention } = await getPracticeSettings(ctx, actor)
  return ctx.db.transaction(async (tx) => {
    // FOR UPDATE: two grades of one card at once are applied one after the other.
    const [card] = await tx.select().from(practiceCard).where(eq(practiceCard.id, cardId)).for('update')
    if (!card) throw cardNotFound()
    const now = ctx.clock.now()
    const next = nextSchedule(card, input.rating, now, targetRetention)
    const [row] = await tx
      .update(practiceCard)
      .set({ ...next, updatedAt: now })
      .where(eq(practiceCard.id, card.id))
      .returning()
    return { card: { id: row.id, ...toSchedule(row) } }
  })
}
