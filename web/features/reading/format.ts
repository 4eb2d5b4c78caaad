import type { PostCategory } from '#common/schemas/posts.ts'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

/** "21 November 2026" */
export const formatLongDate = (iso: string) => dateFormat.format(new Date(iso))

export const CATEGORY_LABELS: Record<PostCategory, string> = {
  academic: 'Academic',
  fiction: 'Fiction',
  'true-story': 'True story',
}

/** "organic-chemistry" → "Organic chemistry": the subject's slug, readable without another request. */
export const subjectLabel = (slug: string) => {
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** "1 view", "2 views" */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`
