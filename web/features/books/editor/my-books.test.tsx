import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorBookSummary } from '#common/schemas/books.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { authorBook } from './book-fixtures.ts'
import { MyBooks } from './my-books.tsx'

const summary = (overrides: Partial<AuthorBookSummary>) =>
  AuthorBookSummary.parse({ ...authorBook(), chapters: undefined, ...overrides })

const DRAFT = summary({ id: '7a2b3c4d-0000-4000-8000-0000000000d1', title: 'Tide tables' })
const REJECTED = summary({
  id: '7a2b3c4d-0000-4000-8000-0000000000d2',
  title: 'Harbour lights',
  status: 'rejected',
  rejectionReason: 'Chapter 2 repeats chapter 1.',
})
const PUBLISHED = summary({
  id: '7a2b3c4d-0000-4000-8000-0000000000d3',
  title: 'The salt road',
  status: 'published',
  price: 499,
  salesCount: 12,
})

describe('MyBooks', () => {
  it('lists every book with its status, price and counts; a sent-back one with the reviewer’s note', async () => {
    stubFetch({ '/api/me/books': jsonResponse({ items: [DRAFT, REJECTED, PUBLISHED], nextCursor: null }) })
    renderAt(<MyBooks />)
    const published = (await screen.findByRole('heading', { name: 'The salt road' })).closest(
      'li',
    ) as HTMLElement
    expect(within(published).getByText('In the store')).toBeInTheDocument()
    expect(within(published).getByText('$4.99')).toBeInTheDocument()
    expect(within(published).getByText('12 copies sold')).toBeInTheDocument()
    expect(within(published).getByRole('link', { name: 'View “The salt road”' })).toHaveAttribute(
      'href',
      `/read/${PUBLISHED.id}`,
    )
    // Owners keep what they bought: a book in the store cannot be deleted from here.
    expect(within(published).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()

    const rejected = screen.getByRole('heading', { name: 'Harbour lights' }).closest('li') as HTMLElement
    expect(within(rejected).getByText('Sent back')).toBeInTheDocument()
    expect(within(rejected).getByText('Chapter 2 repeats chapter 1.')).toBeInTheDocument()
    expect(within(rejected).getByRole('link', { name: 'Edit “Harbour lights”' })).toHaveAttribute(
      'href',
      `/postbook?id=${REJECTED.id}`,
    )
    const draft = screen.getByRole('heading', { name: 'Tide tables' }).closest('li') as HTMLElement
    expect(within(draft).getByText('Draft')).toBeInTheDocument()
    expect(within(draft).getByText('Free')).toBeInTheDocument()
  })

  it('deletes a draft only after a confirmation', async () => {
    let items = [DRAFT]
    const fetch = stubFetch({
      '/api/me/books': () => jsonResponse({ items, nextCursor: null }),
      [`DELETE /api/books/${DRAFT.id}`]: () => {
        items = []
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderAt(<MyBooks />)
    await user.click(await screen.findByRole('button', { name: 'Delete “Tide tables”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Tide tables”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(callsTo(fetch, `/api/books/${DRAFT.id}`)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Delete “Tide tables”' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete book' }))
    expect(await screen.findByText('You have not started a book yet')).toBeInTheDocument()
    await waitFor(() => expect(callsTo(fetch, `/api/books/${DRAFT.id}`)).toHaveLength(1))
    expect(screen.getByRole('link', { name: 'Start your first book' })).toHaveAttribute(
      'href',
      '/postbook?new',
    )
  })
})
