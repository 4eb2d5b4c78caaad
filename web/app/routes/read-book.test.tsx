import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { BOOK_ID, bookPage, chapterIdOf } from '#web/features/books/books.fixtures.ts'
import { BOOK_PATH, bookRoutes, renderBookAt, signInAs } from '#web/features/books/read-book.fixtures.tsx'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import ReadBook from './read-book.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const renderBook = () => renderBookAt(<ReadBook />)
/** Waits for the address to become `path` (the probe on the book's page shows it until then). */
const landsAt = (path: string) =>
  waitFor(() =>
    expect(screen.getAllByTestId('location')[0]).toHaveTextContent(path, { normalizeWhitespace: false }),
  )
const main = () => screen.getByRole('heading', { level: 1 })
const contents = () => screen.getByRole('region', { name: 'Contents' })

describe('The book page', () => {
  it('shows the book, the author and the contents, the preview marked and the rest locked', async () => {
    stubFetch(bookRoutes())
    renderBook()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Lighthouse Keeper' }),
    ).toBeInTheDocument()
    expect(screen.getByText('A novel in five nights')).toBeInTheDocument()
    expect(screen.getByText('A keeper, a storm, and the ship that should not be there.')).toBeInTheDocument()
    expect(screen.getByText('$4.99')).toBeInTheDocument()
    expect(screen.getByText('The first chapter is free to read')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'About the author' })).getByText('Writes about the sea.'),
    ).toBeInTheDocument()
    expect(document.title).toBe('The Lighthouse Keeper · Inkwell')

    const preview = within(contents()).getByRole('link', { name: /The light goes out/ })
    expect(preview).toHaveAttribute('href', `/read/${BOOK_ID}?chapter=${chapterIdOf(1)}`)
    expect(preview).toHaveTextContent('Free preview')
    // Locked chapters are listed, not linked.
    expect(within(contents()).queryByRole('link', { name: /A ship in the fog/ })).not.toBeInTheDocument()
    const locked = within(contents()).getByText('A ship in the fog').closest('li') as HTMLElement
    expect(locked).toHaveTextContent('Locked')
  })

  it('offers a paid book to a reader who does not own it: Buy creates the order and opens its summary', async () => {
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(),
      'POST /api/orders': jsonResponse({
        id: 'order-1',
        status: 'pending',
        amount: 499,
        currency: 'USD',
        item: {
          kind: 'book',
          id: BOOK_ID,
          title: 'The Lighthouse Keeper',
          seller: { id: 'writer-1', name: 'Grace Okafor' },
        },
        provider: 'sandbox',
        checkoutUrl: '/payment/checkout/order-1',
        createdAt: '2026-11-03T10:00:00.000Z',
        updatedAt: '2026-11-03T10:00:00.000Z',
      }),
    })
    const { user } = renderBook()
    await user.click(await screen.findByRole('button', { name: 'Buy · $4.99' }))
    await landsAt('/payment?order=order-1')
    expect(bodyOf(callsTo(fetch, '/api/orders')[0][1])).toEqual({ kind: 'book', bookId: BOOK_ID })
  })

  it('beside Buy, opens the preview at its first chapter', async () => {
    stubFetch({ ...signInAs(), ...bookRoutes() })
    renderBook()
    expect(await screen.findByRole('link', { name: 'Read the preview' })).toHaveAttribute(
      'href',
      `/read/${BOOK_ID}?chapter=${chapterIdOf(1)}`,
    )
    expect(screen.queryByRole('link', { name: /Continue reading|Start reading/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download EPUB' })).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor who wants to buy to sign in, and back to the book', async () => {
    const fetch = stubFetch(bookRoutes())
    const { user } = renderBook()
    await user.click(await screen.findByRole('button', { name: 'Buy · $4.99' }))
    await landsAt(`/login?redirectTo=${encodeURIComponent(`/read/${BOOK_ID}`)}`)
    expect(callsTo(fetch, '/api/orders')).toHaveLength(0)
  })

  it('adds a free book to the library at once, then offers to start reading', async () => {
    let owned = false
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(),
      [BOOK_PATH]: () => jsonResponse(bookPage({ price: 0, owned, readsAll: owned })),
      [`POST ${BOOK_PATH}/library`]: () => {
        owned = true
        return jsonResponse({ owned: true, acquiredAt: '2026-11-03T10:00:00.000Z' })
      },
    })
    const { user } = renderBook()
    expect(await screen.findByText('Free', { selector: 'span' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Add to library · Free' }))
    expect(await screen.findByRole('link', { name: 'Start reading' })).toHaveAttribute(
      'href',
      `/read/${BOOK_ID}?chapter=${chapterIdOf(1)}`,
    )
    expect(await screen.findByText('“The Lighthouse Keeper” is in your library')).toBeInTheDocument()
    expect(callsTo(fetch, '/library')).toHaveLength(1)
    // Every chapter opens now.
    expect(within(contents()).getByRole('link', { name: /Morning/ })).toBeInTheDocument()
  })

  it('waits for the session before Add to library acts: a signed-in reader is never sent to sign in', async () => {
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(),
      [BOOK_PATH]: jsonResponse(bookPage({ price: 0 })),
      [`POST ${BOOK_PATH}/library`]: jsonResponse({ owned: true, acquiredAt: '2026-11-03T10:00:00.000Z' }),
    })
    // A page opened from the server paints before Better Auth has reported the session.
    fakeAuth.pending()
    const { user } = renderBook()
    const add = await screen.findByRole('button', { name: /Add to library · Free/ })
    expect(add).toBeDisabled()
    expect(add).toHaveAttribute('aria-busy', 'true')
    await user.click(add)
    expect(screen.getAllByTestId('location')[0]).toHaveTextContent(`/read/${BOOK_ID}`)

    fakeAuth.signedIn({ id: 'user-1' })
    await waitFor(() => expect(add).toBeEnabled())
    await user.click(add)
    expect(await screen.findByText('“The Lighthouse Keeper” is in your library')).toBeInTheDocument()
    expect(callsTo(fetch, '/library')).toHaveLength(1)
  })

  it('opens an owner’s book at the chapter where they stopped', async () => {
    stubFetch({
      ...signInAs(),
      ...bookRoutes(
        bookPage({
          owned: true,
          readsAll: true,
          position: { chapterId: chapterIdOf(2), progress: 0.4, updatedAt: '2026-11-03T10:00:00.000Z' },
        }),
      ),
    })
    renderBook()
    expect(await screen.findByRole('link', { name: 'Continue reading' })).toHaveAttribute(
      'href',
      `/read/${BOOK_ID}?chapter=${chapterIdOf(2)}`,
    )
    expect(screen.getByText('In your library')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download EPUB' })).toHaveAttribute(
      'href',
      `/api/books/${BOOK_ID}/epub`,
    )
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Locked')).not.toBeInTheDocument()
    expect(within(contents()).getByRole('link', { name: /The light goes out/ })).toContainElement(
      screen.getByLabelText('Read'),
    )
  })

  it('offers the author their book to read and edit, not to buy', async () => {
    stubFetch({ ...signInAs('writer-1'), ...bookRoutes(bookPage({ readsAll: true })) })
    renderBook()
    expect(await screen.findByRole('link', { name: 'Edit book' })).toHaveAttribute(
      'href',
      `/postbook?id=${BOOK_ID}`,
    )
    expect(screen.getByRole('link', { name: 'Read your book' })).toHaveAttribute(
      'href',
      `/read/${BOOK_ID}?chapter=${chapterIdOf(1)}`,
    )
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument()
  })

  it('says so when the book does not exist or is not published', async () => {
    stubFetch({ [BOOK_PATH]: errorResponse(404, 'not_found', 'Book not found') })
    renderBook()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This book isn’t in the store' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse the Books Store' })).toHaveAttribute('href', '/books')
    expect(document.title).toBe('Book not found · Inkwell')
    expect(main()).toBeInTheDocument()
  })
})
