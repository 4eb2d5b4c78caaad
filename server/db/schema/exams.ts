import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ReviewTiming } from '#common/schemas/exam-review.ts'
import type { AnswerValue, ExamOption, QuestionKind } from '#common/schemas/exams.ts'
import type { PostStatus } from '#common/schemas/posts.ts'
import { user } from './auth.ts'
import { tsvector } from './posts.ts'
import { subject } from './subjects.ts'

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/** A review option: existing and new exams show nothing that helps a retry while one remains. */
const reviewTiming = (name: string) =>
  text(name).$type<ReviewTiming>().notNull().default('after_last_attempt')
const TIMINGS_SQL = sql.raw("('after_each_attempt', 'after_last_attempt', 'never')")

// An exam and its questions. Reviewed like posts (draft → pending → published / rejected).
export const exam = pgTable(
  'exam',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subjectSlug: text('subject_slug')
      .notNull()
      .references(() => subject.slug),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    passMark: integer('pass_mark').notNull(),
    /** null: unlimited. */
    attemptsAllowed: integer('attempts_allowed'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    drawCount: integer('draw_count'),
    /** What a taker sees after an attempt, and when (the review options). */
    reviewCorrectness: reviewTiming('review_correctness'),
    reviewAnswers: reviewTiming('review_answers'),
    reviewExplanations: reviewTiming('review_explanations'),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    /** Goes up when a published exam with attempts changes; attempts record the version they took. */
    version: integer('version').notNull().default(1),
    // Kept by the attempts service when an attempt is submitted: the room lists them without counting.
    attemptCount: integer('attempt_count').notNull().default(0),
    percentSum: real('percent_sum').notNull().default(0),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
    publishedAt: ms('published_at'),
    /** Full-text search: title (A) > description (B). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')`,
      ),
  },
  (t) => [
    index('exam_search_idx').using('gin', t.searchVector),
    index('exam_status_published_idx').on(t.status, t.publishedAt, t.id),
    index('exam_subject_published_idx').on(t.subjectSlug, t.status, t.publishedAt, t.id),
    index('exam_author_updated_idx').on(t.authorId, t.updatedAt, t.id),
    index('exam_status_updated_idx').on(t.status, t.updatedAt, t.id),
    check('exam_duration_range', sql`${t.durationMinutes} between 1 and 300`),
    check('exam_pass_mark_range', sql`${t.passMark} between 0 and 100`),
    check('exam_review_correctness_timing', sql`${t.reviewCorrectness} in ${TIMINGS_SQL}`),
    check('exam_review_answers_timing', sql`${t.reviewAnswers} in ${TIMINGS_SQL}`),
    check('exam_review_explanations_timing', sql`${t.reviewExplanations} in ${TIMINGS_SQL}`),
  ],
)

/** The author's questions, with answers. Never sent to a taker before their attempt is submitted. */
export const examQuestion = pgTable(
  'exam_question',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exam.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<ExamOption[]>().notNull().default([]),
    correctOptionIds: jsonb('correct_option_ids').$type<string[]>().notNull().default([]),
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    points: integer('points').notNull(),
    partialCredit: boolean('partial_credit').notNull().default(false),
    explanation: text('explanation').notNull().default(''),
  },
  (t) => [index('exam_question_exam_idx').on(t.examId, t.position)],
)

/** The questions as this attempt got them (order, drawn subset, shuffled options, answers): scoring never depends on later edits. */
export type AttemptQuestion = {
  id: string
  kind: QuestionKind
  prompt: string
  options: ExamOption[]
  correctOptionIds: string[]
  acceptedAnswers: string[]
  points: number
  partialCredit: boolean
  explanation: string
}

export const examAttempt = pgTable(
  'exam_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exam.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 1 for the user's first attempt at this exam. */
    number: integer('number').notNull(),
    examVersion: integer('exam_version').notNull(),
    questions: jsonb('questions').$type<AttemptQuestion[]>().notNull(),
    startedAt: ms('started_at').notNull(),
    deadline: ms('deadline').notNull(),
    submittedAt: ms('submitted_at'),
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    score: real('score'),
    maxScore: real('max_score').notNull(),
    percent: real('percent'),
    passed: boolean('passed'),
    /** Times the taker left the tab or window; shown to the exam's author only. */
    tabSwitches: integer('tab_switches').notNull().default(0),
  },
  (t) => [
    index('exam_attempt_user_exam_idx').on(t.userId, t.examId, t.number),
    index('exam_attempt_exam_submitted_idx').on(t.examId, t.submittedAt, t.id),
    // Attempts past their deadline that nobody submitted: the finalizer's work list.
    // The overview's rollup: the attempts submitted on the days it rebuilds (decision 024).
    index('exam_attempt_submitted_idx').on(t.submittedAt).where(sql`submitted_at is not null`),
    index('exam_attempt_open_deadline_idx').on(t.deadline).where(sql`submitted_at is null`),
    // One attempt per user per number: two Starts at once cannot both create attempt n.
    uniqueIndex('exam_attempt_user_number_unique').on(t.examId, t.userId, t.number),
  ],
)

/** One saved answer per question per attempt (an upsert: last write wins). */
export const examAnswer = pgTable(
  'exam_answer',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempt.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    value: jsonb('value').$type<AnswerValue | null>(),
    flagged: boolean('flagged').notNull().default(false),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'exam_answer_pk', columns: [t.attemptId, t.questionId] })],
)

/**
 * Each person's best submitted attempt at an exam's current version (score desc, then time
 * taken asc), kept on submit: the leaderboard reads it in index order.
 */
export const examBest = pgTable(
  'exam_best',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exam.id, { onDelete: 'cascade' }),
    examVersion: integer('exam_version').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempt.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    percent: real('percent').notNull(),
    durationMs: integer('duration_ms').notNull(),
    submittedAt: ms('submitted_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'exam_best_pk', columns: [t.examId, t.examVersion, t.userId] }),
    // Ranked reads: ORDER BY score DESC, duration_ms ASC (see the leaderboard query).
    index('exam_best_rank_idx').on(t.examId, t.examVersion, sql`score DESC`, t.durationMs, t.userId),
  ],
)

/**
 * How many people are on each exam version's leaderboard: exam_best's rows, counted by a trigger
 * (migration 0010) so the board's total costs one row read however many took the exam.
 */
export const examBoard = pgTable(
  'exam_board',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exam.id, { onDelete: 'cascade' }),
    examVersion: integer('exam_version').notNull(),
    takers: integer('takers').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'exam_board_pk', columns: [t.examId, t.examVersion] })],
)
