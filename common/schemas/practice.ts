import { z } from 'zod'
import { EXAM_OPTIONS_MAX, EXAM_SHORT_ANSWER_MAX_LENGTH, PAGE_SIZE_MAX } from '../constants.ts'
import { QuestionKind } from './exams.ts'
import { Uuid } from './fields.ts'

// Practice from mistakes (issue 30, decision 049): every question a reader misses in a submitted
// exam attempt becomes a card, asked again when FSRS says it is due. A card never carries the
// right answer or the explanation: a review's answer carries them only as the exam's review
// options allow, and only once the reader has no attempt left at the exam. A lesson's Key ideas
// (decision 052) join with one click, and the reader grades them with the four buttons.

/** Where a card comes from: an exam question, or a lesson's Key idea (decision 052). */
export const PRACTICE_SOURCES = ['exam_question', 'flashcard'] as const
export type PracticeSource = (typeof PRACTICE_SOURCES)[number]

/** The target retention a reader may choose: the chance of recalling a card when it comes due. */
export const PRACTICE_RETENTION_MIN = 0.7
export const PRACTICE_RETENTION_MAX = 0.97
export const PRACTICE_RETENTION_DEFAULT = 0.9
/** Cards a session fetches at once (GET /api/practice/due's default limit). */
export const PRACTICE_SESSION_SIZE = 20

/** ts-fsrs's State, by index (0 new, 1 learning, 2 review, 3 relearning). */
export const PRACTICE_STATES = ['new', 'learning', 'review', 'relearning'] as const
export const PracticeState = z.enum(PRACTICE_STATES)
export type PracticeState = z.infer<typeof PracticeState>

/** When a card comes back, as its schedule says. */
export const PracticeSchedule = z.object({
  due: z.string(),
  state: PracticeState,
  reps: z.number().int(),
  lapses: z.number().int(),
})
export type PracticeSchedule = z.infer<typeof PracticeSchedule>

/** The grades a reader gives a flashcard, as keys 1–4 give them (ts-fsrs's Again, Hard, Good, Easy). */
export const PRACTICE_GRADES = ['again', 'hard', 'good', 'easy'] as const
export const PracticeGrade = z.enum(PRACTICE_GRADES, { error: 'Choose Again, Hard, Good or Easy' })
export type PracticeGrade = z.infer<typeof PracticeGrade>

/** An exam question as a reader is asked it again: the question and its options, never what is right. */
export const ExamPracticeCard = PracticeSchedule.extend({
  id: z.string(),
  source: z.literal('exam_question'),
  kind: QuestionKind,
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  /** The exam the question comes from. */
  exam: z.object({ id: z.string(), title: z.string() }).nullable(),
})
export type ExamPracticeCard = z.infer<typeof ExamPracticeCard>

/**
 * A lesson's Key idea (decision 052): its writer's current front and back (the back shown when the
 * reader turns the card), the lesson, and when each grade would bring it back.
 */
export const FlashcardPracticeCard = PracticeSchedule.extend({
  id: z.string(),
  source: z.literal('flashcard'),
  front: z.string(),
  back: z.string(),
  lesson: z.object({ id: z.string(), title: z.string(), authorId: z.string(), slug: z.string() }),
  nextDue: z.record(PracticeGrade, z.string()),
})
export type FlashcardPracticeCard = z.infer<typeof FlashcardPracticeCard>

export const PracticeCard = z.discriminatedUnion('source', [ExamPracticeCard, FlashcardPracticeCard])
export type PracticeCard = z.infer<typeof PracticeCard>

export const PracticeDueQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PRACTICE_SESSION_SIZE),
})
export type PracticeDueQuery = z.infer<typeof PracticeDueQuery>

/** GET /api/practice/due: the cards due now, longest overdue first, and how many are due in all. */
export const PracticeDuePage = z.object({
  items: z.array(PracticeCard),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
})
export type PracticeDuePage = z.infer<typeof PracticeDuePage>

/** GET /api/practice/summary: for the account menu's badge, the dashboard and the empty state. */
export const PracticeSummary = z.object({
  /** Cards due now. */
  due: z.number().int(),
  /** Cards in practice at all (0: the reader has nothing to practise yet). */
  cards: z.number().int(),
  /** The next card's due time after now, when nothing more is due (null: none). */
  nextDue: z.string().nullable(),
})
export type PracticeSummary = z.infer<typeof PracticeSummary>

export const PracticeCardParams = z.object({ cardId: Uuid('Unknown card') })

/** POST /api/practice/cards/:cardId/review: the reader's answer, checked by the server. */
export const PracticeReviewInput = z.object({
  /** The options chosen, or the text typed: one of the two, as the question's kind asks. */
  answer: z
    .object(
      {
        optionIds: z
          .array(z.string().min(1).max(20), 'Choose an option')
          .min(1, 'Choose an option')
          .max(EXAM_OPTIONS_MAX, 'Choose among the options')
          .optional(),
        text: z
          .string('Type your answer')
          .trim()
          .min(1, 'Type your answer')
          .max(EXAM_SHORT_ANSWER_MAX_LENGTH, 'Keep the answer short')
          .optional(),
      },
      'Choose an option or type your answer',
    )
    .refine(
      (a) => (a.optionIds === undefined) !== (a.text === undefined),
      'Choose an option or type your answer',
    ),
})
export type PracticeReviewInput = z.infer<typeof PracticeReviewInput>

/**
 * Why a review shows no right answer or explanation: the reader may still attempt the exam, or its
 * author shows them never.
 */
export const PRACTICE_WITHHELD = ['attempts_left', 'by_author'] as const

/**
 * The answer checked: right or not yet, the card's new schedule, and, only when allowed, the right
 * answer and the explanation (absent otherwise, never null).
 */
export const PracticeReviewResult = z.object({
  correct: z.boolean(),
  card: PracticeSchedule.extend({ id: z.string() }),
  correctOptionIds: z.array(z.string()).optional(),
  acceptedAnswers: z.array(z.string()).optional(),
  explanation: z.string().optional(),
  /** What is left out and why (null: nothing is). */
  withheld: z.enum(PRACTICE_WITHHELD).nullable(),
})
export type PracticeReviewResult = z.infer<typeof PracticeReviewResult>

const RETENTION_RANGE = `Choose between ${PRACTICE_RETENTION_MIN * 100}% and ${PRACTICE_RETENTION_MAX * 100}%`

/** GET/PATCH /api/me/practice-settings. */
export const PracticeSettings = z.object({
  targetRetention: z
    .number({ error: RETENTION_RANGE })
    .min(PRACTICE_RETENTION_MIN, RETENTION_RANGE)
    .max(PRACTICE_RETENTION_MAX, RETENTION_RANGE),
})
export type PracticeSettings = z.infer<typeof PracticeSettings>

/** POST /api/practice/cards/:cardId/grade: a flashcard, graded by its reader. */
export const PracticeGradeInput = z.object({ rating: PracticeGrade })
export type PracticeGradeInput = z.infer<typeof PracticeGradeInput>

export const PracticeGradeResult = z.object({ card: PracticeSchedule.extend({ id: z.string() }) })
export type PracticeGradeResult = z.infer<typeof PracticeGradeResult>

export const LessonPracticeParams = z.object({ postId: Uuid('Unknown lesson') })

/** GET, POST and DELETE /api/practice/lessons/:postId: a lesson's Key ideas in my practice. */
export const LessonPractice = z.object({
  /** The lesson's Key ideas. */
  keyIdeas: z.number().int(),
  /** How many of them are in my practice. */
  inPractice: z.number().int(),
  /** How many this request added (POST) or removed (DELETE). */
  changed: z.number().int(),
})
export type LessonPractice = z.infer<typeof LessonPractice>
