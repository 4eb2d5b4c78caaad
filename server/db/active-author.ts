import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm'
import { user } from './schema/index.ts'

/**
 * The join of a listed item's author: only writers who are not suspended. A suspended writer's
 * work leaves every list, search and count, as their writer page, feeds and sitemap entries do;
 * lifting the suspension brings it back.
 */
export const activeAuthor = (authorId: AnyColumn): SQL =>
  and(eq(user.id, authorId), eq(user.banned, false)) as SQL
