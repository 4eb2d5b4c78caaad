import { z } from 'zod'
import { text } from './fields.ts'

export const SUBJECT_KINDS = ['academic', 'general'] as const
export const SUBJECT_NAME_MAX_LENGTH = 60
export const SUBJECT_DESCRIPTION_MAX_LENGTH = 300

export const Subject = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  description: z.string(),
})
export type Subject = z.infer<typeof Subject>

/** `GET /api/subjects`: each with its number of published posts (the academic subject grid). */
export const SubjectWithCounts = Subject.extend({ posts: z.number().int() })
export type SubjectWithCounts = z.infer<typeof SubjectWithCounts>
export const SubjectList = z.array(SubjectWithCounts)

export const SubjectSlugParams = z.object({ slug: z.string().min(1).max(64) })

/** Admins add and edit subjects; the slug is made from the name when a subject is added, then fixed. */
export const SubjectInput = z.object({
  name: text('Name the subject').max(
    SUBJECT_NAME_MAX_LENGTH,
    `Keep the name under ${SUBJECT_NAME_MAX_LENGTH} characters`,
  ),
  kind: z.enum(SUBJECT_KINDS, { error: 'Choose academic or general' }),
  description: text()
    .max(
      SUBJECT_DESCRIPTION_MAX_LENGTH,
      `Keep the description under ${SUBJECT_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .default(''),
})
export type SubjectInput = z.infer<typeof SubjectInput>
