import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { BOOK_ID, bookCard } from '#web/features/books/books.fixtures.ts'
import { SUBJECTS_WITH_COUNTS as SUBJECTS } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, renderRoutes } from '#web/test/render.tsx'
import Books from './books.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

/** The store, with a probe beside it that shows the address. */
const renderStore = (path = '/books') =>
  renderRoutes(
    [
      {
        path: '/books',
        element: (
          <>
            <Books />
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )

const address = () => screen.getByTestId('location').textContent

describe('Books Store (the catalogue)', () => {
  it('shows each book with its cover placeholder, title, author, price and a link to its page', async () => {
    stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/books': jsonResponse({
        items: [
          bookCard(),
          bookCard({ id: '5a0b7c1e-0000-4000-8000-0000000000b2', title: 'Free Physics', price: 0 }),
        ],
        nextCursor: null,
      }),
    })
    renderStore()
    const link = await screen.findByRole('link', { name: 'The Lighthouse Keeper' })
    expect(link).toHaveAttribute('href', `/read/${BOOK_ID}`)
    const card = link.closest('article') as HTMLElement
    expect(within(card).getByText('$4.99')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute(
      'href',
      '/writer/writer-1',
    )
    expect(
      within(screen.getByRole('link', { name: 'Free Physics' }).closest('article') as HTMLElement).getByText(
        'Free',
      ),
    ).toBeInTheDocument()
    expect(document.title).toBe('Books Store · Inkwell')
  })

  it('keeps the search, category, subject, price and sort in the address, and asks the API for them', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/books': jsonResponse({ items: [bookCard()], nextCursor: null }),
    })
    const { user } = renderStore()
    await screen.findByRole('link', { name: 'The Lighthouse Keeper' })

    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'storm')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(address()).toBe('/books?q=storm')

    await user.click(screen.getByRole('radio', { name: 'Academic' }))
    await screen.findByRole('option', { name: 'Physics' })
    await user.selectOptions(screen.getByLabelText('Subject'), 'physics')
    await user.click(screen.getByRole('radio', { name: 'Free' }))
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_asc')
    expect(address()).toBe('/books?q=storm&category=academic&subject=physics&price=free&sort=price_asc')
    expect(screen.getByRole('radio', { name: 'Free' })).toBeChecked()

    const last = callsTo(fetch, '/api/books').at(-1)
    expect(queryOf(last?.[0])).toEqual({
      q: 'storm',
      category: 'academic',
      subject: 'physics',
      price: 'free',
      sort: 'price_asc',
    })
  })

  it('opens with the filters an address holds, ignoring what it does not know', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/books': jsonResponse({ items: [], nextCursor: null }),
    })
    const { user } = renderStore(
      '/books?category=fiction&price=paid&sort=bestselling&subject=physics&price=x',
    )
    expect(await screen.findByText('No books match')).toBeInTheDocument()
    // A subject only narrows academic books.
    expect(queryOf(callsTo(fetch, '/api/books')[0][0])).toEqual({
      category: 'fiction',
      price: 'paid',
      sort: 'bestselling',
    })
    expect(screen.getByRole('radio', { name: 'Fiction' })).toBeChecked()
    expect(screen.getByLabelText('Sort by')).toHaveValue('bestselling')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(address()).toBe('/books?sort=bestselling')
  })

  it('loads the next page after the last book, and stops when there is none', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/books': (url) =>
        queryOf(url).cursor === 'page-2'
          ? jsonResponse({
              items: [bookCard({ id: '5a0b7c1e-0000-4000-8000-0000000000b9', title: 'The Second Page' })],
              nextCursor: null,
            })
          : jsonResponse({ items: [bookCard()], nextCursor: 'page-2' }),
    })
    const { user } = renderStore('/books?sort=price_desc')
    await screen.findByRole('link', { name: 'The Lighthouse Keeper' })
    await user.click(screen.getByRole('button', { name: 'Load more books' }))
    expect(await screen.findByRole('link', { name: 'The Second Page' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'The Lighthouse Keeper' })).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/books')[1][0])).toEqual({ sort: 'price_desc', cursor: 'page-2' })
    expect(screen.queryByRole('button', { name: 'Load more books' })).not.toBeInTheDocument()
  })

  it('says the store is empty and how to fill it', async () => {
    stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/books': jsonResponse({ items: [], nextCursor: null }),
    })
    renderStore()
    expect(await screen.findByText('No books in the store yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a book' })).toHaveAttribute('href', '/postbook')
  })

  it('says when the books cannot be loaded, and tries again', async () => {
    let fail = true
    stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/books': () =>
        fail
          ? errorResponse(429, 'rate_limited', 'Too many requests: try again in a minute')
          : jsonResponse({ items: [bookCard()], nextCursor: null }),
    })
    const { user } = renderStore()
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the books.")
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'The Lighthouse Keeper' })).toBeInTheDocument()
  })
})
