import type { PostCategory } from '#common/schemas/posts.ts'

/** "1.2k": counts on cards stay short; the accessible label says the exact number. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
export const formatCompact = (n: number) => compact.format(n)

/** Each category's listing page. */
export const CATEGORY_PATHS: Record<PostCategory, string> = {
  academic: '/academic',
  fiction: '/fiction',
  'true-story': '/truestories',
}

/** A tag's page: everything published with it. */
export const tagPath = (tag: string) => `/contents?tag=${encodeURIComponent(tag)}`
