import { sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { type AttemptQuestion, practiceCard } from '#server/db/schema/index.ts'

// Practice cards are written where an attempt is submitted (the exams module's finalisation), in
// its transaction, and read by the practice module, which needs the exams module's disclosure
// and scoring: the write lives here so neither module imports the other both ways (decision 049).

/**
 * Every question of a submitted attempt that earned less than full marks (unanswered included)
 * becomes the taker's practice card, due at `at`. One card per reader and question: a question
 * missed again refreshes the card's question (the latest attempt's wording and options) and
 * brings it due now if it was scheduled later; its FSRS memory state changes only with practice
 * answers, so one miss is not counted twice.
 */
export async function addPracticeCards(
  tx: Tx,
  miss: {
    userId: string
    examId: string
    questions: AttemptQuestion[]
    /** Points earned per question id. */
    earned: ReadonlyMap<string, number>
    at: Date
  },
): Promise<number> {
  const missed = miss.questions.filter((q) => (miss.earned.get(q.id) ?? 0) < q.points)
  if (missed.length === 0) return 0
  const rows = await tx
    .insert(practiceCard)
    .values(
      missed.map((q) => ({
        userId: miss.userId,
        source: 'exam_question' as const,
        examId: miss.examId,
        questionId: q.id,
        question: q,
        due: miss.at,
        createdAt: miss.at,
        updatedAt: miss.at,
      })),
    )
    .onConflictDoUpdate({
      target: [practiceCard.userId, practiceCard.questionId],
      set: {
        examId: sql`excluded.exam_id`,
        question: sql`excluded.question`,
        due: sql`least(${practiceCard.due}, excluded.due)`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: practiceCard.id })
  return rows.length
}
