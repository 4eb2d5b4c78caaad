import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorBook, BookReviewItem, Chapter } from '#common/schemas/books.ts'
import { SUBJECTS } from '#web/test/builders.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { BookReviewQueue } from './book-review-queue.tsx'

const BOOK_ID = '7a2b3c4d-0000-4000-8000-0000000000b1'
const CHAPTER_ID = '7a2b3c4d-0000-4000-8000-0000000000c1'

const settings = {
  id: BOOK_ID,
  authorId: 'writer-1',
  title: 'The salt road',
  subtitle: 'A novel of the coast',
  description: 'Two sisters walk the old salt road.',
  coverImage: '/api/files/images/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png',
  category: 'fiction',
  subjectSlug: null,
  language: 'en',
  price: 499,
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
} as const

const waiting = BookReviewItem.parse({
  ...settings,
  author: { id: 'writer-1', name: 'Grace Okafor', image: null },
})
const chapters = [
  { id: CHAPTER_ID, position: 1, title: 'The harbour', wordCount: 900, preview: true },
  {
    id: '7a2b3c4d-0000-4000-8000-0000000000c2',
    position: 2,
    title: 'The road',
    wordCount: 600,
    preview: false,
  },
]
const full = AuthorBook.parse({ ...settings, chapters })
const first = Chapter.parse({
  ...chapters[0],
  bookId: BOOK_ID,
  bodyHtml: '<p>The lamps along the harbour wall were lit.</p>',
  updatedAt: settings.updatedAt,
  previous: null,
  next: null,
})

const queue = (items: BookReviewItem[]) => jsonResponse({ items, nextCursor: null })

describe('BookReviewQueue', () => {
  it('shows a waiting book: cover, title, author, price, chapters and preview', async () => {
    stubFetch({ '/api/subjects': jsonResponse(SUBJECTS), '/api/admin/books/review': queue([waiting]) })
    renderAt(<BookReviewQueue />)
    const entry = await screen.findByRole('listitem', { name: 'The salt road' })
    expect(within(entry).getByText('Book')).toBeInTheDocument()
    expect(within(entry).getByText('A novel of the coast')).toBeInTheDocument()
    expect(within(entry).getByText('by Grace Okafor')).toBeInTheDocument()
    expect(
      within(entry).getByText('2 chapters · 1,500 words · $4.99 · 1 preview chapter'),
    ).toBeInTheDocument()
  })

  it('opens the book: its blurb, its chapters, and a chapter’s text', async () => {
    stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/admin/books/review': queue([waiting]),
      [`/api/books/${BOOK_ID}/edit`]: jsonResponse(full),
      [`/api/books/${BOOK_ID}/chapters/${CHAPTER_ID}`]: jsonResponse(first),
    })
    const { user } = renderAt(<BookReviewQueue />)
    await user.click(await screen.findByRole('button', { name: 'Open the book' }))
    const contents = screen.getByRole('region', { name: 'Contents of The salt road' })
    expect(within(contents).getByText('Two sisters walk the old salt road.')).toBeInTheDocument()
    expect(await within(contents).findByText('1. The harbour')).toBeInTheDocument()
    expect(within(contents).getByText('2. The road')).toBeInTheDocument()
    await user.click(within(contents).getByRole('button', { name: 'Read chapter 1, “The harbour”' }))
    expect(
      await within(contents).findByText('The lamps along the harbour wall were lit.'),
    ).toBeInTheDocument()
  })

  it('approves a book, and it leaves the queue', async () => {
    let items = [waiting]
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/admin/books/review': () => queue(items),
      [`POST /api/admin/books/${BOOK_ID}/approve`]: () => {
        items = []
        return jsonResponse({ ...full, status: 'published' })
      },
    })
    const { user } = renderAt(<BookReviewQueue />)
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('“The salt road” is in the Books Store')).toBeInTheDocument()
    expect(await screen.findByText('No books waiting')).toBeInTheDocument()
    expect(callsTo(fetch, `/api/admin/books/${BOOK_ID}/approve`)).toHaveLength(1)
  })

  it('rejects a book only with a reason, and sends it', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      '/api/admin/books/review': queue([waiting]),
      [`POST /api/admin/books/${BOOK_ID}/reject`]: jsonResponse({
        ...full,
        status: 'rejected',
        rejectionReason: 'Chapter 2 repeats chapter 1.',
      }),
    })
    const { user } = renderAt(<BookReviewQueue />)
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('dialog', { name: 'Send “The salt road” back?' })
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(await within(dialog).findByText('Tell the author why')).toBeInTheDocument()
    expect(callsTo(fetch, '/reject')).toHaveLength(0)

    await user.type(
      within(dialog).getByRole('textbox', { name: 'What should change?' }),
      'Chapter 2 repeats chapter 1.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    await waitFor(() => expect(callsTo(fetch, '/reject')).toHaveLength(1))
    expect(bodyOf(callsTo(fetch, '/reject')[0][1])).toEqual({ reason: 'Chapter 2 repeats chapter 1.' })
    expect(await screen.findByText('“The salt road” was sent back to its author')).toBeInTheDocument()
  })
})
