import { asc } from 'drizzle-orm'
import type { Subject } from '#common/schemas/subjects.ts'
import type { AppContext } from '#server/context.ts'
import { subject } from '#server/db/schema/index.ts'

export async function listSubjects(ctx: AppContext): Promise<Subject[]> {
  return ctx.db.select().from(subject).orderBy(asc(subject.kind), asc(subject.name))
}
