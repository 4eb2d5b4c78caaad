import { PostCategory, PostTag } from '#common/schemas/posts.ts'

export const CONTENTS_SORTS = [
  { key: 'newest', label: 'Newest' },
  { key: 'popular', label: 'Most popular' },
] as const
export type ContentsSort = (typeof CONTENTS_SORTS)[number]['key']

export interface ContentsFilters {
  category?: PostCategory
  /** Only with the academic category: subjects group lessons. */
  subject?: string
  tag?: string
  sort: ContentsSort
}

/** The filters an address asks for; anything unknown in it is ignored rather than an error. */
export function filtersFromParams(params: URLSearchParams): ContentsFilters {
  const category = PostCategory.safeParse(params.get('category')).data
  const subject = category === 'academic' ? params.get('subject')?.trim() || undefined : undefined
  const tag = PostTag.safeParse(params.get('tag') ?? '').data
  const sort = params.get('sort') === 'popular' ? 'popular' : 'newest'
  return { category, subject, tag, sort }
}

/** The address's search params for `filters`: only what differs from the defaults. */
export function paramsFromFilters(filters: ContentsFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.category) params.set('category', filters.category)
  if (filters.category === 'academic' && filters.subject) params.set('subject', filters.subject)
  if (filters.tag) params.set('tag', filters.tag)
  if (filters.sort !== 'newest') params.set('sort', filters.sort)
  return params
}

export const hasFilters = (filters: ContentsFilters) => !!(filters.category || filters.tag)
