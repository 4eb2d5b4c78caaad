import { z } from 'zod'
import { SubjectSlugParams } from './subjects.ts'

// Mastery per subject (issue 30, decision 053): Khan Academy's four levels, worked out on each read
// from the reader's best exam scores in the subject and their practice cards of its exams. Only
// the reader reads their own (GET /api/me/mastery…); nothing here is ever public.

export const MASTERY_LEVELS = ['attempted', 'familiar', 'proficient', 'mastered'] as const
export const MasteryLevel = z.enum(MASTERY_LEVELS)
export type MasteryLevel = z.infer<typeof MasteryLevel>

export const MASTERY_LEVEL_LABELS: Record<MasteryLevel, string> = {
  attempted: 'Attempted',
  familiar: 'Familiar',
  proficient: 'Proficient',
  mastered: 'Mastered',
}

/** The rule's thresholds (decision 053): average best score, exams taken, share of cards remembered. */
export const MASTERY_RULE = {
  familiarPercent: 50,
  proficientPercent: 70,
  proficientRemembered: 0.5,
  masteredPercent: 90,
  masteredExams: 2,
} as const

/** What the reader has done in a subject: the figures the level is worked out from. */
export const MasteryFigures = z.object({
  /** Exams of the subject with at least one submitted attempt. */
  exams: z.number().int(),
  /** The mean of the reader's best score at each of those exams (0–100, one decimal); null with none. */
  averagePercent: z.number().nullable(),
  /** Practice cards of those exams that practice shows the reader now (their marks are shown). */
  cards: z.number().int(),
  /** Of those, the ones remembered: answered right through their learning steps and not due again yet. */
  remembered: z.number().int(),
})
export type MasteryFigures = z.infer<typeof MasteryFigures>

/** The reader's level in a subject, the figures behind it, and what would take them to the next. */
export const SubjectMastery = MasteryFigures.extend({
  subject: z.object({ slug: z.string(), name: z.string() }),
  /** null: no exam of the subject taken yet. */
  level: MasteryLevel.nullable(),
  /** The next level and each thing still missing for it, in words; null at Mastered. */
  next: z.object({ level: MasteryLevel, steps: z.array(z.string()) }).nullable(),
})
export type SubjectMastery = z.infer<typeof SubjectMastery>

/** GET /api/me/mastery: every subject the reader has taken an exam in, by name. */
export const MasteryList = z.array(SubjectMastery)
export type MasteryList = z.infer<typeof MasteryList>

export const MasterySubjectParams = z.object({ subjectSlug: SubjectSlugParams.shape.slug })
export type MasterySubjectParams = z.infer<typeof MasterySubjectParams>
