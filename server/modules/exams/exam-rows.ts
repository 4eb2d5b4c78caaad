import type { exam, examAttempt, examQuestion } from '#server/db/schema/index.ts'

// The exam tables' rows, named once for every exam service. A module of its own: services that
// call each other one way never import each other back for a type.

export type ExamRow = typeof exam.$inferSelect
export type QuestionRow = typeof examQuestion.$inferSelect
export type AttemptRow = typeof examAttempt.$inferSelect
