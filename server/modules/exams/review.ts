import { examEditorPath } from '#common/paths.ts'
import type { AuthorExam, ExamReviewItem } from '#common/schemas/exams.ts'
import type { ModerationKind } from '#server/core/moderation/moderation.ts'
import { exam } from '#server/db/schema/index.ts'
import type { ExamRow } from './exam-rows.ts'
import { cardColumns, toAuthorExam, toSettings } from './exams.service.ts'

const { questionTotal } = cardColumns

/** Exams in the review workflow (server/core/moderation). */
export const examReview: ModerationKind<
  ExamRow,
  { questionTotal: typeof questionTotal },
  ExamReviewItem,
  AuthorExam
> = {
  noun: 'exam',
  table: exam,
  readerPath: (row) => `/examroom/${row.id}`,
  editorPath: (row) => examEditorPath(row.id),
  queueColumns: () => ({ questionTotal }),
  toQueueItem: (row, author, extra) => ({
    ...toSettings(row),
    author,
    questionCount: extra.questionTotal,
  }),
  toResult: toAuthorExam,
}
