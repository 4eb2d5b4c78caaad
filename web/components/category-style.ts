import type { PostCategory } from '#common/schemas/posts.ts'

/** Each category's colours: the panel that stands in for a missing cover, and page headers. */
export const CATEGORY_TINTS: Record<PostCategory, { panel: string; glyph: string; text: string }> = {
  academic: {
    panel: 'bg-gradient-to-br from-ink-50 via-white to-ink-100',
    glyph: 'text-ink-200',
    text: 'text-ink-800',
  },
  fiction: {
    panel: 'bg-gradient-to-br from-amber-50 via-orange-50 to-rose-100',
    glyph: 'text-rose-200',
    text: 'text-rose-900',
  },
  'true-story': {
    panel: 'bg-gradient-to-br from-emerald-50 via-stone-50 to-teal-100',
    glyph: 'text-teal-200/50',
    text: 'text-teal-900',
  },
}
