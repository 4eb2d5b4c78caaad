import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorBookSummary } from '#common/schemas/books.ts'
import { jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { MyBooksInReview } from './my-books-in-review.tsx'

const book = (overrides: Partial<AuthorBookSummary>) =>
  AuthorBookSummary.parse({
    id: '7a2b3c4d-0000-4000-8000-0000000000b1',
    authorId: 'writer-1',
    title: 'The salt road',
    subtitle: '',
    description: '',
    coverImage: null,
    category: 'fiction',
    subjectSlug: null,
    language: 'en',
    price: 0,
    currency: 'USD',
    previewChapters: 1,
    chapterCount: 2,
    wordCount: 1500,
    publishedAt: null,
    updatedAt: '2026-11-21T09:00:00.000Z',
    status: 'pending',
    rejectionReason: null,
    salesCount: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  })

const mine = (pending: AuthorBookSummary[], rejected: AuthorBookSummary[]) => (url: string) =>
  jsonResponse({ items: queryOf(url).status === 'rejected' ? rejected : pending, nextCursor: null })

describe('MyBooksInReview', () => {
  it('shows the writer’s waiting and sent-back books, with the reviewer’s note and Edit', async () => {
    stubFetch({
      '/api/me/books': mine(
        [book({})],
        [
          book({
            id: '7a2b3c4d-0000-4000-8000-0000000000b2',
            title: 'Tide tables',
            status: 'rejected',
            rejectionReason: 'Chapter 2 repeats chapter 1.',
          }),
        ],
      ),
    })
    renderAt(
      <>
        <MyBooksInReview status="pending" />
        <MyBooksInReview status="rejected" />
      </>,
    )
    const waiting = await screen.findByRole('region', { name: 'Books waiting for review' })
    expect(within(waiting).getByRole('heading', { name: 'The salt road' })).toBeInTheDocument()
    const changes = await screen.findByRole('region', { name: 'Books that need changes' })
    expect(within(changes).getByText('Chapter 2 repeats chapter 1.')).toBeInTheDocument()
    expect(within(changes).getByRole('link', { name: 'Edit Tide tables' })).toHaveAttribute(
      'href',
      '/postbook?id=7a2b3c4d-0000-4000-8000-0000000000b2',
    )
  })

  it('shows nothing for a writer with no book in review', async () => {
    const fetch = stubFetch({ '/api/me/books': mine([], []) })
    renderAt(<MyBooksInReview status="pending" />)
    await expect.poll(() => fetch.mock.calls.length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: 'Books waiting for review' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  })
})
