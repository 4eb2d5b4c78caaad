import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PracticeSource } from '#common/schemas/practice.ts'
import { user } from './auth.ts'
import { type AttemptQuestion, exam } from './exams.ts'
import { flashcard } from './flashcards.ts'

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/**
 * A reader's practice card, scheduled by FSRS (decision 049): a question the reader
 * missed in a submitted exam attempt (`source` 'exam_question': the question as that attempt asked
 * it, answers included, which only the server reads), or a lesson's Key idea (`source` 'flashcard',
 * decision 052). One card per reader and question or flashcard.
 */
export const practiceCard = pgTable(
  'practice_card',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source').$type<PracticeSource>().notNull(),
    examId: uuid('exam_id').references(() => exam.id, { onDelete: 'cascade' }),
    /** The exam question's id. No foreign key: an exam's edit rewrites its question rows, keeping ids. */
    questionId: uuid('question_id'),
    /** The question as the latest missed attempt asked it (never sent whole: no answers in a card). */
    question: jsonb('question').$type<AttemptQuestion>(),
    /** A writer's flashcard (decision 052): its text is read from there, so an edit reaches every reader. */
    flashcardId: uuid('flashcard_id').references(() => flashcard.id, { onDelete: 'cascade' }),
    // FSRS memory state (ts-fsrs Card), written only by a practice answer.
    due: ms('due').notNull(),
    stability: real('stability').notNull().default(0),
    difficulty: real('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: ms('last_review'),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The due list: one reader's cards in due order, keyset on (due, id); flat however big the table.
    index('practice_card_user_due_idx').on(t.userId, t.due, t.id),
    // One card per reader and exam question (NULLs are distinct: flashcards do not collide here).
    uniqueIndex('practice_card_user_question_unique').on(t.userId, t.questionId),
    uniqueIndex('practice_card_user_flashcard_unique').on(t.userId, t.flashcardId),
    // An exam's or a flashcard's deletion cascades to its cards.
    index('practice_card_exam_idx').on(t.examId),
    index('practice_card_flashcard_idx').on(t.flashcardId),
    check(
      'practice_card_source_check',
      sql`(${t.source} = 'exam_question' and ${t.examId} is not null and ${t.questionId} is not null and ${t.question} is not null and ${t.flashcardId} is null)
        or (${t.source} = 'flashcard' and ${t.flashcardId} is not null and ${t.questionId} is null)`,
    ),
    check('practice_card_state_check', sql`${t.state} between 0 and 3`),
  ],
)
