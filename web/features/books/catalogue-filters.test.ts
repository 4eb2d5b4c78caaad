import { describe, expect, it } from 'vitest'
import { paramsFromStoreFilters, storeFiltersFromParams } from './catalogue-filters.ts'

describe('the store filters an address holds', () => {
  it('keeps a known category, subject, price and sort', () => {
    const params = new URLSearchParams(
      'q=%20cells%20&category=academic&subject=biology&price=free&sort=price_asc',
    )
    expect(storeFiltersFromParams(params)).toEqual({
      q: 'cells',
      category: 'academic',
      subject: 'biology',
      price: 'free',
      sort: 'price_asc',
    })
  })

  it('ignores what it does not know instead of failing, and sorts by newest by default', () => {
    const params = new URLSearchParams('category=poetry&subject=biology&price=cheap&sort=random')
    expect(storeFiltersFromParams(params)).toEqual({
      q: undefined,
      category: undefined,
      subject: undefined,
      price: undefined,
      sort: 'newest',
    })
  })

  it('reads a subject only with the academic category', () => {
    expect(
      storeFiltersFromParams(new URLSearchParams('category=fiction&subject=biology')).subject,
    ).toBeUndefined()
  })

  it('writes back only what differs from the defaults', () => {
    const filters = storeFiltersFromParams(new URLSearchParams('category=true-story&sort=bestselling'))
    expect(paramsFromStoreFilters(filters).toString()).toBe('category=true-story&sort=bestselling')
    expect(paramsFromStoreFilters(storeFiltersFromParams(new URLSearchParams())).toString()).toBe('')
  })
})
