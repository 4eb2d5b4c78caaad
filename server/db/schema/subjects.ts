import { pgTable, text } from 'drizzle-orm/pg-core'

// Seeded by migration 0001, managed by admins. Posts, exams and forums refer to a subject by slug.
export const subject = pgTable('subject', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: ['academic', 'general'] }).notNull(),
  description: text('description').notNull().default(''),
})
