import { and, asc, eq, notInArray } from 'drizzle-orm'
import type { Flashcard, LessonFlashcards, SaveFlashcardsInput } from '#common/schemas/flashcards.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { canReadSubscriberBody } from '#server/core/entitlement.ts'
import type { Tx } from '#server/db/client.ts'
import { flashcard, post } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { findManageablePost, type PostRow } from './posts.service.ts'
import { findReadablePost } from './reactions.service.ts'

// A lesson's Key ideas (decision 052): its author's flashcards, saved as one ordered list. A card
// keeps its id through edits, so the readers practising it keep their schedule and see the new text.

const cardsOf = (db: AppContext['db'] | Tx, postId: string): Promise<Flashcard[]> =>
  db
    .select({ id: flashcard.id, front: flashcard.front, back: flashcard.back })
    .from(flashcard)
    .where(eq(flashcard.postId, postId))
    .orderBy(asc(flashcard.position), asc(flashcard.createdAt))

/** Whether `reader` may read this post's body: its Key ideas go with it (a locked lesson keeps them). */
export const bodyReadable = async (
  ctx: AppContext,
  reader: SessionUser | null,
  row: Pick<PostRow, 'access' | 'authorId'>,
) => row.access === 'free' || (await canReadSubscriberBody(ctx, reader, row.authorId))

/**
 * A lesson a reader may practise: published (an unpublished one is not found, even by its author,
 * as it is not a lesson yet), academic, and its body readable by them (403 otherwise).
 */
export async function findPractisableLesson(ctx: AppContext, reader: SessionUser, postId: string) {
  const row = await findReadablePost(ctx, reader, postId)
  if (row.status !== 'published') throw new AppError('not_found', 'That post does not exist')
  if (row.category !== 'academic') throw new AppError('not_found', 'That lesson has no Key ideas')
  if (!(await bodyReadable(ctx, reader, row))) {
    throw new AppError('forbidden', 'The Key ideas of this lesson are for its subscribers')
  }
  return row
}

/** The Key ideas as this reader may see them: none, and `locked`, when the body is locked to them. */
export async function readLessonFlashcards(
  ctx: AppContext,
  reader: SessionUser | null,
  postId: string,
): Promise<LessonFlashcards> {
  const row = await findReadablePost(ctx, reader, postId)
  if (!(await bodyReadable(ctx, reader, row))) return { cards: [], locked: true }
  // A post moved out of the academic category keeps its cards in the table, unshown and unpractised.
  if (row.category !== 'academic') return { cards: [], locked: false }
  return { cards: await cardsOf(ctx.db, postId), locked: false }
}

const notAcademic = () =>
  new AppError('bad_request', 'Some fields need your attention', {
    cards: 'Key ideas are for academic lessons: choose the academic category first',
  })

/**
 * Saves the lesson's whole list, in order: cards with an id are edited in place (their readers'
 * schedules stay), new ones added, those left out deleted (and so removed from every reader's
 * practice by the foreign key). Saves of one post take turns on its row.
 */
export async function saveLessonFlashcards(
  ctx: AppContext,
  actor: SessionUser,
  postId: string,
  input: SaveFlashcardsInput,
): Promise<LessonFlashcards> {
  const before = await findManageablePost(ctx, actor, postId)
  if (before.category !== 'academic') throw notAcademic()
  const now = ctx.clock.now()
  const cards = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ category: post.category })
      .from(post)
      .where(eq(post.id, postId))
      .for('update')
    if (!locked) throw new AppError('not_found', 'That post does not exist')
    if (locked.category !== 'academic') throw notAcademic()
    const existing = new Set(
      (await tx.select({ id: flashcard.id }).from(flashcard).where(eq(flashcard.postId, postId))).map(
        (r) => r.id,
      ),
    )
    const fields: Record<string, string> = {}
    input.cards.forEach((card, i) => {
      if (card.id && !existing.has(card.id))
        fields[`cards.${i}.id`] = 'This card is no longer in the lesson: reload'
    })
    if (Object.keys(fields).length > 0)
      throw new AppError('bad_request', 'Some cards need your attention', fields)
    const kept = input.cards.flatMap((c) => (c.id ? [c.id] : []))
    await tx
      .delete(flashcard)
      .where(and(eq(flashcard.postId, postId), kept.length ? notInArray(flashcard.id, kept) : undefined))
    for (const [position, card] of input.cards.entries()) {
      const values = { front: card.front, back: card.back, position, updatedAt: now }
      if (card.id) await tx.update(flashcard).set(values).where(eq(flashcard.id, card.id))
      else await tx.insert(flashcard).values({ ...values, postId, createdAt: now })
    }
    return cardsOf(tx, postId)
  })
  return { cards, locked: false }
}
