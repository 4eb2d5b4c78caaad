import { z } from 'zod'
import {
  EXAM_ACCEPTED_ANSWERS_MAX,
  EXAM_ATTEMPTS_MAX,
  EXAM_DESCRIPTION_MAX_LENGTH,
  EXAM_DURATION_MAX,
  EXAM_DURATION_MIN,
  EXAM_EXPLANATION_MAX_LENGTH,
  EXAM_INSTRUCTIONS_MAX_LENGTH,
  EXAM_OPTION_MAX_LENGTH,
  EXAM_OPTIONS_MAX,
  EXAM_OPTIONS_MIN,
  EXAM_POINTS_MAX,
  EXAM_PROMPT_MAX_LENGTH,
  EXAM_QUESTIONS_MAX,
  EXAM_SHORT_ANSWER_MAX_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  TITLE_MAX_LENGTH,
} from '../constants.ts'
import { DEFAULT_REVIEW_OPTIONS, ReviewDisclosure, ReviewOptions, ReviewOptionsShape } from './exam-review.ts'
import { PageQuery, pageOf, text, Uuid, wholeNumber } from './fields.ts'
import { PostAuthor, PostStatus, RejectInput } from './posts.ts'

// The Exams Room. The server owns the clock and the answers: nothing a taker receives before
// their attempt is submitted carries a correct answer or an explanation (TakerQuestion, not
// ExamQuestion), and every deadline is the server's.

export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'short'] as const
export const QuestionKind = z.enum(QUESTION_KINDS, { error: 'Choose a question type' })
export type QuestionKind = z.infer<typeof QuestionKind>

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  short: 'Short answer',
}

const requiredText = (label: string, max: number) =>
  text(`Add ${label}`).max(max, `Keep ${label} under ${max.toLocaleString('en')} characters`)

export const ExamOption = z.object({
  /** Stable within the question (the builder makes them; "a", "b"… is fine). */
  id: z.string().min(1).max(20),
  text: requiredText('the option text', EXAM_OPTION_MAX_LENGTH),
})
export type ExamOption = z.infer<typeof ExamOption>

/**
 * A question as its author writes it, with the answer. `correctOptionIds` for single (exactly
 * one), multiple (one or more) and true_false (options "true" and "false", one correct);
 * `acceptedAnswers` for short (matched ignoring case and spaces). Multiple choice is
 * all-or-nothing unless `partialCredit`: then each correct option chosen earns its share and each
 * wrong one chosen takes a share away, never below zero.
 */
export const ExamQuestionInput = z
  .object({
    id: Uuid().optional(),
    kind: QuestionKind,
    prompt: requiredText('the question', EXAM_PROMPT_MAX_LENGTH),
    options: z.array(ExamOption).max(EXAM_OPTIONS_MAX, `Use at most ${EXAM_OPTIONS_MAX} options`).default([]),
    correctOptionIds: z.array(z.string().min(1).max(20)).default([]),
    acceptedAnswers: z
      .array(text('Remove the empty answer').max(EXAM_SHORT_ANSWER_MAX_LENGTH))
      .max(EXAM_ACCEPTED_ANSWERS_MAX, `Accept at most ${EXAM_ACCEPTED_ANSWERS_MAX} answers`)
      .default([]),
    points: wholeNumber('Give the question points', 'Use whole points')
      .min(1, 'Give the question at least 1 point')
      .max(EXAM_POINTS_MAX, `Use at most ${EXAM_POINTS_MAX} points`),
    partialCredit: z.boolean().default(false),
    explanation: text()
      .max(
        EXAM_EXPLANATION_MAX_LENGTH,
        `Keep the explanation under ${EXAM_EXPLANATION_MAX_LENGTH} characters`,
      )
      .default(''),
  })
  .superRefine((q, ctx) => {
    const ids = new Set(q.options.map((o) => o.id))
    if (q.kind === 'short') {
      if (q.acceptedAnswers.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['acceptedAnswers'],
          message: 'Add at least one accepted answer',
        })
      }
      return
    }
    if (q.options.length < EXAM_OPTIONS_MIN) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `Add at least ${EXAM_OPTIONS_MIN} options` })
    }
    if (ids.size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option needs its own id' })
    }
    const correct = q.correctOptionIds
    if (correct.some((id) => !ids.has(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctOptionIds'],
        message: 'Mark correct answers among the options',
      })
    } else if (q.kind === 'multiple' ? correct.length === 0 : correct.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctOptionIds'],
        message: q.kind === 'multiple' ? 'Mark at least one correct option' : 'Mark the one correct option',
      })
    }
  })
export type ExamQuestionInput = z.infer<typeof ExamQuestionInput>

/** The exam's settings and its questions in order, saved as a whole by the builder. */
export const SaveExamInput = z.object({
  title: requiredText('a title', TITLE_MAX_LENGTH),
  description: text()
    .max(EXAM_DESCRIPTION_MAX_LENGTH, `Keep the description under ${EXAM_DESCRIPTION_MAX_LENGTH} characters`)
    .default(''),
  subjectSlug: z.string('Choose a subject').trim().min(1, 'Choose a subject').max(64),
  instructions: text()
    .max(
      EXAM_INSTRUCTIONS_MAX_LENGTH,
      `Keep the instructions under ${EXAM_INSTRUCTIONS_MAX_LENGTH} characters`,
    )
    .default(''),
  durationMinutes: wholeNumber('Set a duration', 'Use whole minutes')
    .min(EXAM_DURATION_MIN, `Allow at least ${EXAM_DURATION_MIN} minute`)
    .max(EXAM_DURATION_MAX, `Allow at most ${EXAM_DURATION_MAX} minutes`),
  passMark: wholeNumber('Set a pass mark', 'Use a whole percentage')
    .min(0, 'Use 0–100%')
    .max(100, 'Use 0–100%'),
  /** null: unlimited. */
  attemptsAllowed: wholeNumber('Choose how many attempts', 'Use a whole number of attempts')
    .min(1, 'Allow at least 1 attempt')
    .max(EXAM_ATTEMPTS_MAX, `Allow at most ${EXAM_ATTEMPTS_MAX} attempts, or unlimited`)
    .nullable(),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  /** Draw this many of the questions for each attempt (null: all of them). */
  drawCount: wholeNumber('Set how many questions to draw', 'Draw a whole number of questions')
    .min(1, 'Draw at least 1 question')
    .nullable()
    .default(null),
  /** What takers see after an attempt, and when. */
  review: ReviewOptions.default(DEFAULT_REVIEW_OPTIONS),
  questions: z
    .array(ExamQuestionInput)
    .max(EXAM_QUESTIONS_MAX, `Use at most ${EXAM_QUESTIONS_MAX} questions`)
    .default([]),
})
export type SaveExamInput = z.infer<typeof SaveExamInput>

/** The author's (and admins') view: everything, answers included. */
export const ExamQuestion = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: QuestionKind,
  prompt: z.string(),
  options: z.array(ExamOption),
  correctOptionIds: z.array(z.string()),
  acceptedAnswers: z.array(z.string()),
  points: z.number().int(),
  partialCredit: z.boolean(),
  explanation: z.string(),
})
export type ExamQuestion = z.infer<typeof ExamQuestion>

export const ExamSettings = z.object({
  id: z.string(),
  authorId: z.string(),
  title: z.string(),
  description: z.string(),
  subjectSlug: z.string(),
  instructions: z.string(),
  durationMinutes: z.number().int(),
  passMark: z.number().int(),
  attemptsAllowed: z.number().int().nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  drawCount: z.number().int().nullable(),
  review: ReviewOptionsShape,
  status: PostStatus,
  rejectionReason: z.string().nullable(),
  /** Goes up when a published exam that has attempts is changed (old attempts keep their scoring). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
})

export const AuthorExam = ExamSettings.extend({
  questions: z.array(ExamQuestion),
  /** Whether anyone has attempted the current version. */
  hasAttempts: z.boolean(),
})
export type AuthorExam = z.infer<typeof AuthorExam>

/** A published exam in the Exams Room, on its subject's hub and in search. */
export const ExamCard = ExamSettings.pick({
  id: true,
  title: true,
  description: true,
  subjectSlug: true,
  durationMinutes: true,
  passMark: true,
  attemptsAllowed: true,
  publishedAt: true,
}).extend({
  author: PostAuthor,
  /** Questions in one attempt (drawCount, or all of them). */
  questionCount: z.number().int(),
  attempts: z.number().int(),
  /** Average percentage of submitted attempts; null before the first. */
  averagePercent: z.number().nullable(),
})
export type ExamCard = z.infer<typeof ExamCard>
export const ExamCardPage = pageOf(ExamCard)

export const ExamsQuery = PageQuery.extend({
  subject: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().max(200).optional(),
  writer: Uuid('Unknown writer').optional(),
})
export type ExamsQuery = z.infer<typeof ExamsQuery>

/** The page before Start (`examroom/:examId`), and the author's preview: no questions. */
export const ExamIntro = ExamCard.extend({
  instructions: z.string(),
  /** The caller's attempts so far and what remains (null: unlimited). */
  myAttempts: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  /** An attempt still running for the caller, to resume. */
  inProgressAttemptId: z.string().nullable(),
})
export type ExamIntro = z.infer<typeof ExamIntro>

/** A question as a taker sees it: never the correct answer, never the explanation. */
export const TakerQuestion = z.object({
  id: z.string(),
  kind: QuestionKind,
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  points: z.number().int(),
})
export type TakerQuestion = z.infer<typeof TakerQuestion>

/** What a taker has chosen: option ids, or the typed text for a short answer. */
export const AnswerValue = z.union([
  z.object({ optionIds: z.array(z.string().min(1).max(20)).max(EXAM_OPTIONS_MAX) }),
  z.object({ text: z.string().max(EXAM_SHORT_ANSWER_MAX_LENGTH, 'Keep the answer short') }),
])
export type AnswerValue = z.infer<typeof AnswerValue>

export const SavedAnswer = z.object({
  questionId: z.string(),
  value: AnswerValue.nullable(),
  flagged: z.boolean(),
})
export type SavedAnswer = z.infer<typeof SavedAnswer>

export const ATTEMPT_STATUSES = ['in_progress', 'submitted'] as const

/**
 * A running attempt (`examroom/:examId` after Start, or on reload): the questions in this
 * attempt's order, my saved answers, and the server's clock. The countdown is
 * `deadline - serverNow`, measured against the client's clock only as an offset.
 */
export const AttemptState = z.object({
  id: z.string(),
  examId: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  questions: z.array(TakerQuestion),
  answers: z.array(SavedAnswer),
})
export type AttemptState = z.infer<typeof AttemptState>

export const AttemptIdParams = z.object({ attemptId: Uuid('Unknown attempt') })
export const ExamIdParams = z.object({ examId: Uuid('Unknown exam') })

/** PUT /api/attempts/:attemptId/answers/:questionId: last write wins; refused after the deadline. */
export const SaveAnswerInput = z.object({
  value: AnswerValue.nullable(),
  flagged: z.boolean().default(false),
})
export type SaveAnswerInput = z.infer<typeof SaveAnswerInput>
export const AnswerParams = AttemptIdParams.extend({ questionId: Uuid('Unknown question') })

/** A submitted attempt's summary. */
export const AttemptResult = z.object({
  id: z.string(),
  number: z.number().int(),
  examVersion: z.number().int(),
  startedAt: z.string(),
  submittedAt: z.string(),
  /** Whether the server submitted it at the deadline. */
  autoSubmitted: z.boolean(),
  score: z.number(),
  maxScore: z.number(),
  percent: z.number(),
  passed: z.boolean(),
  durationSeconds: z.number().int(),
})
export type AttemptResult = z.infer<typeof AttemptResult>

/**
 * One question of a submitted attempt with my answer. The rest comes only as the exam's review
 * options allow it now (absent otherwise, never null): `earned` and `correct` with correctness,
 * `correctOptionIds` and `acceptedAnswers` with the right answers, `explanation` with explanations.
 */
export const ReviewedQuestion = ExamQuestion.pick({
  id: true,
  kind: true,
  prompt: true,
  options: true,
  points: true,
  partialCredit: true,
}).extend({
  myAnswer: AnswerValue.nullable(),
  earned: z.number().optional(),
  correct: z.boolean().optional(),
  correctOptionIds: z.array(z.string()).optional(),
  acceptedAnswers: z.array(z.string()).optional(),
  explanation: z.string().optional(),
})
export type ReviewedQuestion = z.infer<typeof ReviewedQuestion>

/** `examresults/:examId`: my attempts, newest first, and the latest submitted one reviewed. */
export const ExamResults = z.object({
  exam: ExamCard,
  attempts: z.array(AttemptResult),
  review: z.object({ attemptId: z.string(), questions: z.array(ReviewedQuestion) }).nullable(),
  disclosure: ReviewDisclosure,
})
export type ExamResults = z.infer<typeof ExamResults>

/** The author's statistics on one of their exams (the My exams tab). */
export const ExamStats = z.object({
  exam: ExamCard.extend({ status: PostStatus }),
  attempts: z.number().int(),
  takers: z.number().int(),
  averagePercent: z.number().nullable(),
  passRate: z.number().nullable(),
  /** Questions of the current version, the most often missed first. */
  hardestQuestions: z.array(z.object({ id: z.string(), prompt: z.string(), correctRate: z.number() })),
  /** Recent submitted attempts with the tab-switch count the author (only) sees. */
  recentAttempts: z.array(
    z.object({
      id: z.string(),
      user: PostAuthor,
      percent: z.number(),
      passed: z.boolean(),
      tabSwitches: z.number().int(),
      submittedAt: z.string(),
    }),
  ),
})
export type ExamStats = z.infer<typeof ExamStats>

export const MyAttemptsQuery = PageQuery
export const MyAttemptItem = AttemptResult.extend({ exam: ExamCard })
export type MyAttemptItem = z.infer<typeof MyAttemptItem>
export const MyAttemptPage = pageOf(MyAttemptItem)

export const MyExamsQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})
export const MyExamItem = ExamSettings.extend({
  questionCount: z.number().int(),
  attempts: z.number().int(),
  averagePercent: z.number().nullable(),
})
export const MyExamPage = pageOf(MyExamItem)

export const ExamRejectInput = RejectInput

/** An exam in the admins' review queue (`GET /api/admin/exams/review`), with who wrote it. */
export const ExamReviewItem = ExamSettings.extend({ author: PostAuthor, questionCount: z.number().int() })
export type ExamReviewItem = z.infer<typeof ExamReviewItem>
export const ExamReviewPage = pageOf(ExamReviewItem)
