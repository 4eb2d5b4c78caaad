import { pgTable, text } from 'drizzle-orm/pg-core'

export const subject = pgTable('subject', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: ['academic', 'general'] }).notNull(),
})
