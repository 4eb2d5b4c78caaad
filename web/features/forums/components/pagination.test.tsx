import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '#web/test/render.tsx'
import { Pagination, pageWindow } from './pagination.tsx'

const hrefOf = (n: number) => `/forum/maths/t1${n > 1 ? `?page=${n}` : ''}`

describe('pageWindow', () => {
  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(5, 12)).toEqual([1, null, 4, 5, 6, null, 12])
    expect(pageWindow(1, 12)).toEqual([1, 2, null, 12])
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12])
    // A gap of one page shows the page rather than "…".
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})

describe('Pagination', () => {
  it('links to the previous, next and numbered pages, the current one marked', () => {
    renderAt(<Pagination page={5} pageCount={12} hrefOf={hrefOf} />)
    const nav = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', hrefOf(4))
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', hrefOf(6))
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', hrefOf(1))
    expect(within(nav).getByRole('link', { name: 'Page 12' })).toHaveAttribute('href', hrefOf(12))
    expect(within(nav).queryByRole('link', { name: 'Page 8' })).not.toBeInTheDocument()
  })

  it('has no Previous on the first page, no Next on the last, and nothing for a single page', () => {
    const { unmount } = renderAt(<Pagination page={1} pageCount={2} hrefOf={hrefOf} />)
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', hrefOf(2))
    unmount()
    const again = renderAt(<Pagination page={2} pageCount={2} hrefOf={hrefOf} />)
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument()
    again.unmount()
    renderAt(<Pagination page={1} pageCount={1} hrefOf={hrefOf} />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  it('leads Previous back to the last page from a page past the end', () => {
    renderAt(<Pagination page={99} pageCount={3} hrefOf={hrefOf} />)
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', hrefOf(3))
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument()
  })
})
