import { z } from 'zod'

export const SUBJECT_KINDS = ['academic', 'general'] as const
export const Subject = z.object({ slug: z.string(), name: z.string(), kind: z.enum(SUBJECT_KINDS) })
export type Subject = z.infer<typeof Subject>
