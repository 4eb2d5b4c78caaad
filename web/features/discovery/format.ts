import type { PostCategory } from '#common/schemas/posts.ts'

/** Each category's listing page. */
export const CATEGORY_PATHS: Record<PostCategory, string> = {
  academic: '/academic',
  fiction: '/fiction',
  'true-story': '/truestories',
}
