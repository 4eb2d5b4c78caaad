import type { PostCategory } from '#common/schemas/posts.ts'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

/** "21 Nov 2026" */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso))

export const CATEGORY_LABELS: Record<PostCategory, string> = {
  academic: 'Academic',
  fiction: 'Fiction',
  'true-story': 'True story',
}
