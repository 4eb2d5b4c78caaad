import type { z } from 'zod'
import { DEFAULT_REVIEW_OPTIONS } from '#common/schemas/exam-review.ts'
import type {
  AuthorExam,
  ExamOption,
  QuestionKind,
  SaveExamInput,
  TakerQuestion,
} from '#common/schemas/exams.ts'

export type ExamFormInput = z.input<typeof SaveExamInput>
export type QuestionFormInput = NonNullable<ExamFormInput['questions']>[number]

/** True/false questions always offer exactly these two options. */
export const TRUE_FALSE_OPTIONS: ExamOption[] = [
  { id: 'true', text: 'True' },
  { id: 'false', text: 'False' },
]

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** The first letter no option of the question uses yet: ids stay stable when options move or go. */
export const nextOptionId = (options: { id: string }[]) =>
  [...LETTERS].find((letter) => !options.some((o) => o.id === letter)) ?? String(options.length + 1)

const blankOptions = (): ExamOption[] => [
  { id: 'a', text: '' },
  { id: 'b', text: '' },
]

/** A new, empty question of a kind. */
export function newQuestion(kind: QuestionKind): QuestionFormInput {
  return {
    kind,
    prompt: '',
    options: kind === 'short' ? [] : kind === 'true_false' ? TRUE_FALSE_OPTIONS : blankOptions(),
    correctOptionIds: [],
    acceptedAnswers: kind === 'short' ? [''] : [],
    points: 1,
    partialCredit: false,
    explanation: '',
  }
}

/**
 * The question changed kind: keep what still makes sense (the prompt, points, explanation, and
 * the options between single and multiple choice), reset the rest.
 */
export function changeKind(question: QuestionFormInput, kind: QuestionKind): QuestionFormInput {
  const fresh = newQuestion(kind)
  const choice = (k: QuestionKind | undefined) => k === 'single' || k === 'multiple'
  const keepOptions = choice(kind) && choice(question.kind as QuestionKind)
  const correct = question.correctOptionIds ?? []
  return {
    ...fresh,
    prompt: question.prompt,
    points: question.points,
    explanation: question.explanation,
    options: keepOptions ? question.options : fresh.options,
    // Multiple to single keeps one correct option at most.
    correctOptionIds: keepOptions ? (kind === 'single' ? correct.slice(0, 1) : correct) : [],
  }
}

/** A copy to insert after the original: the server gives it its own id. */
export const duplicateOf = ({ id: _id, ...question }: QuestionFormInput): QuestionFormInput =>
  structuredClone(question)

/** The builder's values for a saved exam. */
export function formValuesOf(exam: AuthorExam | null): ExamFormInput {
  if (!exam)
    return {
      title: '',
      description: '',
      subjectSlug: '',
      instructions: '',
      durationMinutes: 30,
      passMark: 60,
      attemptsAllowed: 3,
      shuffleQuestions: false,
      shuffleOptions: false,
      drawCount: null,
      review: DEFAULT_REVIEW_OPTIONS,
      questions: [newQuestion('single')],
    }
  return {
    title: exam.title,
    description: exam.description,
    subjectSlug: exam.subjectSlug,
    instructions: exam.instructions,
    durationMinutes: exam.durationMinutes,
    passMark: exam.passMark,
    attemptsAllowed: exam.attemptsAllowed,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    drawCount: exam.drawCount,
    review: exam.review,
    questions: exam.questions.map(({ position: _position, ...q }) => q),
  }
}

/** What a taker would see of a question being written: never the answer or the explanation. */
export const takerViewOf = (question: QuestionFormInput, index: number): TakerQuestion => ({
  id: question.id ?? `draft-${index}`,
  kind: question.kind as QuestionKind,
  prompt: question.prompt || 'Untitled question',
  options: (question.options ?? []).map((o) => ({ id: o.id, text: o.text || 'Empty option' })),
  points: Number(question.points) || 0,
})
