import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ReaderReview } from '#common/schemas/book-reviews.ts'
import { AUTHOR, bookPage } from '#web/features/books/books.fixtures.ts'
import { StarInput } from '#web/features/books/components/star-rating.tsx'
import { BOOK_PATH, bookRoutes, renderBookAt, signInAs } from '#web/features/books/read-book.fixtures.tsx'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import ReadBook from './read-book.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const REVIEWS = `${BOOK_PATH}/reviews`

function review(n: number, overrides: Partial<ReaderReview> = {}): ReaderReview {
  return {
    id: `7d0c4e2a-0000-4000-8000-00000000000${n}`,
    bookId: 'b',
    stars: 5,
    text: `Review number ${n}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    reviewer: { id: `reader-${n}`, name: `Reader ${n}`, image: null },
    ...overrides,
  }
}

const page = (items: ReaderReview[], extra: Record<string, unknown> = {}) => ({
  items,
  nextCursor: null,
  rating: { average: 4.5, count: 2 },
  distribution: [
    { stars: 5, count: 1 },
    { stars: 4, count: 1 },
    { stars: 3, count: 0 },
    { stars: 2, count: 0 },
    { stars: 1, count: 0 },
  ],
  mine: null,
  ...extra,
})

const rated = bookPage({ rating: { average: 4.5, count: 2 } })
const section = () => screen.findByRole('region', { name: 'Ratings & reviews' })

function StarHarness() {
  const [value, setValue] = useState<number | null>(null)
  return <StarInput value={value} onChange={setValue} />
}

describe('StarInput', () => {
  it('is one radio group: Tab reaches it, Space chooses, the arrows move the choice', async () => {
    const { user } = renderAt(<StarHarness />)
    const group = screen.getByRole('group', { name: 'Your rating' })
    expect(within(group).getAllByRole('radio')).toHaveLength(5)
    await user.tab()
    expect(within(group).getByRole('radio', { name: '1 star' })).toHaveFocus()
    await user.keyboard(' ')
    expect(within(group).getByRole('radio', { name: '1 star' })).toBeChecked()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(within(group).getByRole('radio', { name: '4 stars' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked()
  })
})

describe('Ratings & reviews on the book page', () => {
  it('shows the average as words, the distribution and the reviews, and loads more', async () => {
    const fetch = stubFetch({
      ...bookRoutes(rated),
      [REVIEWS]: (url) =>
        jsonResponse(
          url.includes('cursor=')
            ? page([review(2, { stars: 4, text: 'Older one' })])
            : page([review(1, { text: 'A storm of a book.\nTruly.' })], { nextCursor: 'next' }),
        ),
    })
    const { user } = renderBookAt(<ReadBook />)
    const reviews = await section()
    expect(
      await within(reviews).findByRole('img', { name: '4.5 out of 5 stars, 2 ratings' }),
    ).toBeInTheDocument()
    const bars = await within(reviews).findByRole('list', { name: 'Ratings by stars' })
    expect(within(bars).getAllByRole('listitem')).toHaveLength(5)
    expect(within(bars).getByText('5 stars: 1 rating')).toBeInTheDocument()
    expect(within(bars).getByText('3 stars: 0 ratings')).toBeInTheDocument()
    const list = within(reviews).getByRole('list', { name: 'Reviews' })
    const first = within(list).getByRole('article', { name: 'Review by Reader 1' })
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument()
    expect(within(first).getByText(/A storm of a book/)).toBeInTheDocument()
    // Signed out: nobody to report as, and nothing to rate with.
    expect(within(reviews).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument()
    expect(within(reviews).getByText('Readers who own this book can rate and review it.')).toBeInTheDocument()
    await user.click(within(reviews).getByRole('button', { name: 'More reviews' }))
    expect(await within(list).findByText('Older one')).toBeInTheDocument()
    expect(callsTo(fetch, '/reviews').at(-1)?.[0]).toContain('cursor=next')
  })

  it('says so when nobody has rated the book', async () => {
    stubFetch(bookRoutes())
    renderBookAt(<ReadBook />)
    const reviews = await section()
    expect(await within(reviews).findByText('No ratings yet')).toBeInTheDocument()
    expect(within(reviews).queryByRole('img', { name: /out of 5 stars/ })).not.toBeInTheDocument()
  })

  it('lets an owner rate by keyboard with a review, after saying a rating needs stars', async () => {
    const owned = bookPage({ owned: true, readsAll: true })
    const saved = review(9, {
      stars: 4,
      text: 'Quietly great.',
      reviewer: { id: 'user-1', name: 'Me', image: null },
    })
    const fetch = stubFetch({
      ...signInAs('user-1'),
      ...bookRoutes(owned),
      [`PUT ${BOOK_PATH}/review`]: jsonResponse(saved, 201),
    })
    const { user } = renderBookAt(<ReadBook />)
    const form = await screen.findByRole('form', { name: 'Rate this book' })
    await user.click(within(form).getByRole('button', { name: 'Save rating' }))
    expect(await within(form).findByText('Choose from 1 to 5 stars')).toBeInTheDocument()
    within(form).getByRole('radio', { name: '1 star' }).focus()
    await user.keyboard(' {ArrowRight}{ArrowRight}{ArrowRight}')
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked()
    await user.type(within(form).getByRole('textbox', { name: 'Your review (optional)' }), 'Quietly great.')
    expect(within(form).getByText('14/5,000')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save rating' }))
    await waitFor(() => expect(callsTo(fetch, `${BOOK_PATH}/review`)).toHaveLength(1))
    expect(bodyOf(callsTo(fetch, `${BOOK_PATH}/review`)[0][1])).toEqual({ stars: 4, text: 'Quietly great.' })
    expect(await screen.findByText('Thanks for rating this book.')).toBeInTheDocument()
  })

  it('shows the owner their review with Edit, and deletes it only after a confirmation', async () => {
    const mine = review(3, {
      stars: 2,
      text: 'Not for me.',
      reviewer: { id: 'user-1', name: 'Me', image: null },
    })
    const fetch = stubFetch({
      ...signInAs('user-1'),
      ...bookRoutes(bookPage({ owned: true, readsAll: true, rating: { average: 2, count: 1 } })),
      [REVIEWS]: jsonResponse(page([mine], { mine, rating: { average: 2, count: 1 } })),
      [`DELETE ${BOOK_PATH}/review`]: new Response(null, { status: 204 }),
    })
    const { user } = renderBookAt(<ReadBook />)
    const own = await screen.findByRole('region', { name: 'Your review' })
    expect(within(own).getByText('Not for me.')).toBeInTheDocument()
    await user.click(within(own).getByRole('button', { name: 'Edit' }))
    expect(within(own).getByRole('radio', { name: '2 stars' })).toBeChecked()
    await user.click(within(own).getByRole('button', { name: 'Cancel' }))
    await user.click(within(own).getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete your review?' })
    expect(callsTo(fetch, `${BOOK_PATH}/review`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }))
    await waitFor(() => expect(callsTo(fetch, `${BOOK_PATH}/review`)).toHaveLength(1))
    // Nobody reports their own review.
    expect(screen.queryByRole('button', { name: 'Report this review' })).not.toBeInTheDocument()
  })

  it('offers the author no form, and a signed-in reader a Report on others’ reviews', async () => {
    stubFetch({ ...signInAs(AUTHOR.id), ...bookRoutes(rated), [REVIEWS]: jsonResponse(page([review(1)])) })
    renderBookAt(<ReadBook />)
    const reviews = await section()
    await within(reviews).findByRole('article', { name: 'Review by Reader 1' })
    expect(within(reviews).queryByRole('form')).not.toBeInTheDocument()
    expect(within(reviews).queryByText(/can rate and review it/)).not.toBeInTheDocument()
    expect(within(reviews).getByRole('button', { name: 'Report this review' })).toBeInTheDocument()
  })
})
