import { screen, waitFor } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { AuthorBook } from '#common/schemas/books.ts'
import { SUBJECTS } from '#web/test/builders.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { BookDetailsForm } from './book-details-form.tsx'
import { authorBook, BOOK_ID } from './book-fixtures.ts'

function Harness({ book, onCreated }: { book: AuthorBook | null; onCreated: (book: AuthorBook) => void }) {
  const flushers = useRef(new Map<string, () => Promise<boolean>>())
  return <BookDetailsForm book={book} autosaves flushers={flushers} onCreated={onCreated} />
}

function show(book: AuthorBook | null, routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = stubFetch({ '/api/subjects': jsonResponse(SUBJECTS), ...routes })
  const onCreated = vi.fn()
  const view = renderAt(<Harness book={book} onCreated={onCreated} />)
  return { ...view, fetch, onCreated }
}

describe('BookDetailsForm', () => {
  it('sends the price typed in dollars as cents, with the preview count, and the first save creates the book', async () => {
    const created = authorBook({ price: 499, previewChapters: 2, chapters: [] })
    const { user, fetch, onCreated } = show(null, {
      'POST /api/books': jsonResponse(created, 201),
    })
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'The salt road')
    await user.click(screen.getByRole('radio', { name: /Paid/ }))
    await user.type(screen.getByRole('textbox', { name: 'Price in US dollars' }), '4.99')
    const preview = screen.getByRole('spinbutton', { name: 'Free preview chapters' })
    await user.clear(preview)
    await user.type(preview, '2')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created))
    const [call] = callsTo(fetch, '/api/books')
    expect(bodyOf(call[1])).toMatchObject({
      title: 'The salt road',
      category: 'fiction',
      language: 'en',
      price: 499,
      previewChapters: 2,
      coverImage: null,
    })
    expect(await screen.findByRole('status')).toHaveTextContent(/Saved at/)
  })

  it('says what is wrong with a price under the field, in dollars, and sends nothing', async () => {
    const { user, fetch } = show(authorBook())
    await user.click(screen.getByRole('radio', { name: /Paid/ }))
    const price = screen.getByRole('textbox', { name: 'Price in US dollars' })
    await user.type(price, '4.999')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Enter the price in dollars and cents, like 4.99')).toBeInTheDocument()
    expect(price).toHaveAccessibleDescription('Enter the price in dollars and cents, like 4.99')

    await user.clear(price)
    await user.type(price, '1000')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Make it free (0) or between 0.99 and 999.99')).toBeInTheDocument()

    await user.clear(price)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(
      await screen.findByText('Enter a price between 0.99 and 999.99 dollars, or choose Free'),
    ).toBeInTheDocument()
    expect(callsTo(fetch, `/api/books/${BOOK_ID}`)).toHaveLength(0)
  })

  it('asks for a subject for an academic book', async () => {
    const { user } = show(authorBook())
    await user.click(screen.getByRole('radio', { name: 'Academic' }))
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Choose a subject for an academic book')).toBeInTheDocument()
  })

  it('puts the server’s field messages under the fields', async () => {
    const { user } = show(authorBook(), {
      [`PATCH /api/books/${BOOK_ID}`]: jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'Some fields need your attention',
            fields: { coverImage: 'That file is not an image Inkwell stores', title: 'Pick another title' },
          },
        },
        400,
      ),
    })
    await user.type(screen.getByRole('textbox', { name: 'Subtitle' }), 'A novel')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Pick another title')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Pick another title')
    expect(screen.getByText('That file is not an image Inkwell stores')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent("Couldn't save — retry")
  })
})
