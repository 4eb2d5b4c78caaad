import { useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AuthorBook } from '#common/schemas/books.ts'
import { SUBJECTS } from '#web/test/builders.ts'
import { useEditorLayout } from '#web/test/editor.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { bookQueries } from '../api/book-queries.ts'
import { authorBook, BOOK_ID, chapterId, chapterOf, summaryOf } from './book-fixtures.ts'
import { BookWorkspace } from './book-workspace.tsx'

const SUBMIT = `/api/books/${BOOK_ID}/submit`

/** The book from the author's query, as /postbook?id= renders it. */
function AsTheRouteDoes() {
  const book = useQuery(bookQueries.authored(BOOK_ID))
  return book.data ? <BookWorkspace book={book.data} isAdmin={false} onCreated={() => {}} /> : null
}

function show(book: AuthorBook, isAdmin = false, routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = stubFetch({ '/api/subjects': jsonResponse(SUBJECTS), ...routes })
  const view = renderAt(<BookWorkspace book={book} isAdmin={isAdmin} onCreated={() => {}} />)
  return { ...view, fetch }
}

describe('BookWorkspace', () => {
  useEditorLayout()

  it('submits a draft for review after a confirmation, and then says it waits for review', async () => {
    const book = authorBook()
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS),
      [`/api/books/${BOOK_ID}/edit`]: jsonResponse(book),
      [`POST ${SUBMIT}`]: jsonResponse({ ...book, status: 'pending' }),
    })
    const { user } = renderAt(<AsTheRouteDoes />)
    await screen.findByRole('button', { name: 'Submit for review' })
    expect(screen.getByText(/Only you can see this draft/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit for review' }))
    const dialog = screen.getByRole('dialog', { name: 'Submit this book for review?' })
    expect(dialog).toHaveAccessibleDescription(
      /An editor reads “The salt road” before it goes into the Books Store/,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }))
    await waitFor(() => expect(callsTo(fetch, SUBMIT)).toHaveLength(1))
    expect(await screen.findByText('Your book is waiting for review.')).toBeInTheDocument()

    // The screen now shows the book the server answered with.
    expect(await screen.findByText('Waiting for review.')).toBeInTheDocument()
    expect(screen.getByText('In review')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument()
  })

  it('lets an admin publish directly', async () => {
    const book = authorBook()
    const { user } = show(book, true, { [`POST ${SUBMIT}`]: jsonResponse({ ...book, status: 'published' }) })
    expect(screen.getByText(/as an admin, your book goes into the store at once/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Publish this book?' })).getByRole('button', {
        name: 'Publish',
      }),
    )
    expect(await screen.findByText('Your book is in the store.')).toBeInTheDocument()
  })

  it('shows why a submission was refused (an empty chapter), and keeps the draft', async () => {
    const { user } = show(authorBook(), false, {
      [`POST ${SUBMIT}`]: jsonResponse(
        {
          error: { code: 'conflict', message: 'Chapter 1 is empty: write it or delete it before submitting' },
        },
        409,
      ),
    })
    await user.click(screen.getByRole('button', { name: 'Submit for review' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit for review' }))
    expect(
      await screen.findByText('Chapter 1 is empty: write it or delete it before submitting'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Draft')).toBeInTheDocument()
  })

  it('says what happens to the edits of a published book, and a rejected book’s reason', () => {
    const { unmount } = show(authorBook({ status: 'published' }))
    expect(screen.getByText(/goes\s+live for readers at once, without another review/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View in the store' })).toHaveAttribute(
      'href',
      `/read/${BOOK_ID}`,
    )
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument()

    unmount()
    show(authorBook({ status: 'rejected', rejectionReason: 'Chapter 2 repeats chapter 1.' }))
    expect(screen.getByText('Chapter 2 repeats chapter 1.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeInTheDocument()
  })

  it('opens a chapter in the editor and goes back to the details', async () => {
    const chapters = [summaryOf(1, 'The harbour', 4), summaryOf(2, 'The road', 0, false)]
    const { user } = show(authorBook({ chapters }), false, {
      [`/api/books/${BOOK_ID}/chapters/${chapterId(2)}`]: jsonResponse(chapterOf(chapters[1], '')),
    })
    expect(screen.getByText('2 chapters · 4 words in total')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^2\. The road/ }))
    expect(await screen.findByRole('textbox', { name: 'Chapter title' })).toHaveValue('The road')
    expect(screen.getByRole('textbox', { name: 'Chapter body' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^2\. The road/ })).toHaveAttribute('aria-current', 'true')
    await user.click(screen.getByRole('button', { name: /^Book details/ }))
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('The salt road')
  })
})
