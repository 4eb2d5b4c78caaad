import { BOOK_SORTS, POST_CATEGORIES } from '#common/constants.ts'
import type { CatalogueFilters } from '#common/query-keys.ts'
import type { BookCategory, BookSort } from '#common/schemas/books.ts'

export const CATALOGUE_SORTS: { key: BookSort; label: string }[] = [
  { key: 'newest', label: 'Newest' },
  { key: 'bestselling', label: 'Best-selling' },
  { key: 'price_asc', label: 'Price: low to high' },
  { key: 'price_desc', label: 'Price: high to low' },
]

export type PriceFilter = 'free' | 'paid'

/** The store's filters as the address holds them: `?q=…&category=academic&subject=physics&price=free&sort=price_asc`. */
export interface StoreFilters {
  q?: string
  category?: BookCategory
  /** Only with the academic category. */
  subject?: string
  price?: PriceFilter
  sort: BookSort
}

/** `value` if it is one of `values` (checked without zod, which the store's first load leaves out). */
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value)

/** The filters an address asks for; anything unknown in it is ignored rather than an error. */
export function storeFiltersFromParams(params: URLSearchParams): StoreFilters {
  const q = params.get('q')?.trim().slice(0, 200) || undefined
  const category = oneOf(POST_CATEGORIES, params.get('category'))
  const subject = category === 'academic' ? params.get('subject')?.trim() || undefined : undefined
  const rawPrice = params.get('price')
  const price = rawPrice === 'free' || rawPrice === 'paid' ? rawPrice : undefined
  const sort = oneOf(BOOK_SORTS, params.get('sort')) ?? 'newest'
  return { q, category, subject, price, sort }
}

/** The address's search params for `filters`: only what differs from the defaults. */
export function paramsFromStoreFilters(filters: StoreFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.category) params.set('category', filters.category)
  if (filters.category === 'academic' && filters.subject) params.set('subject', filters.subject)
  if (filters.price) params.set('price', filters.price)
  if (filters.sort !== 'newest') params.set('sort', filters.sort)
  return params
}

/** What the API is asked for. */
export const catalogueQueryOf = (filters: StoreFilters): CatalogueFilters => ({
  q: filters.q,
  category: filters.category,
  subject: filters.subject,
  price: filters.price,
  sort: filters.sort,
})

export const hasStoreFilters = (filters: StoreFilters) => !!(filters.q || filters.category || filters.price)
