import { slugify } from '#common/slug.ts'
import { sanitizePostHtml } from '#server/core/rich-text/sanitize.ts'
import { DAY } from './history-ledger.ts'
import type { DemoPost } from './types.ts'

/**
 * A demo post's row as the editor would have saved it: the body sanitized like every other write,
 * written two days before `at` (when it was published or last edited). Status, access and dates
 * of publishing are the caller's.
 */
export const demoPostRow = (authorId: string, p: DemoPost, at: Date) => ({
  authorId,
  category: p.category,
  subjectSlug: p.subject ?? null,
  title: p.title,
  slug: slugify(p.title),
  excerpt: p.excerpt,
  bodyHtml: sanitizePostHtml(p.body.trim()),
  tags: p.tags,
  createdAt: new Date(at.getTime() - 2 * DAY),
  updatedAt: at,
})
