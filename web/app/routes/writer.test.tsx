import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { bookPageOf, shelfBook } from '#web/features/books/book-shelves.fixtures.ts'
import { meBody, postCard, writerProfile } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Writer from './writer.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const PROFILE_PATH = '/api/writers/writer-1'
const page = (items = [postCard()]) => jsonResponse({ items, nextCursor: null })
const noBooks = jsonResponse(bookPageOf([]))
const BOOK = shelfBook({
  id: '5a0b7c1e-0000-4000-8000-0000000000b2',
  title: 'Mechanics Without Tears',
  price: 999,
})

const renderWriter = () =>
  renderRoutes([{ path: '/writer/:writerId', element: <Writer /> }], '/writer/writer-1')

describe('Writer page', () => {
  it('shows who the writer is, their totals and links, and their published posts', async () => {
    const fetch = stubFetch({
      [PROFILE_PATH]: jsonResponse(writerProfile()),
      '/api/posts': page(),
      '/api/books': noBooks,
    })
    renderWriter()
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Okafor' })).toBeInTheDocument()
    expect(document.title).toBe('Grace Okafor · Inkwell')
    expect(screen.getByText(/Physics teacher in Lagos/)).toBeInTheDocument()
    expect(screen.getByText('Joined')).toHaveTextContent('Joined January 2026')
    expect(screen.getByRole('link', { name: 'grace.example.com' })).toHaveAttribute(
      'href',
      'https://grace.example.com',
    )
    const totals = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(totals).toEqual({ posts: '6', likes: '41', views: '1,800', comments: '23' })

    const posts = screen.getByRole('region', { name: 'Posts by Grace' })
    expect(await within(posts).findByRole('link', { name: 'Newton’s laws, gently' })).toHaveAttribute(
      'href',
      '/learn/writer-1/newtons-laws',
    )
    expect(queryOf(callsTo(fetch, '/api/posts')[0][0])).toMatchObject({ writer: 'writer-1' })
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument()
  })

  it('shows the writer’s books, best-selling first, above their posts', async () => {
    const fetch = stubFetch({
      [PROFILE_PATH]: jsonResponse(writerProfile()),
      '/api/posts': page(),
      '/api/books': jsonResponse(bookPageOf([BOOK])),
    })
    renderWriter()
    const books = await screen.findByRole('region', { name: 'Books by Grace' })
    expect(await within(books).findByRole('link', { name: 'Mechanics Without Tears' })).toHaveAttribute(
      'href',
      `/read/${BOOK.id}`,
    )
    expect(within(books).getByText('$9.99')).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/books')[0][0])).toMatchObject({
      writer: 'writer-1',
      sort: 'bestselling',
    })
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))
    expect(regions.indexOf(books.getAttribute('aria-labelledby'))).toBeLessThan(
      regions.indexOf('writer-posts-title'),
    )
  })

  it('shows no books section on a writer’s page while they have none', async () => {
    const fetch = stubFetch({
      [PROFILE_PATH]: jsonResponse(writerProfile()),
      '/api/posts': page(),
      '/api/books': noBooks,
    })
    const { queryClient } = renderWriter()
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    await waitFor(() => expect(callsTo(fetch, '/api/books')).toHaveLength(1))
    // Answered, and still nothing shown.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(screen.queryByRole('heading', { name: /Books by|Your books/ })).not.toBeInTheDocument()
  })

  it('says so when the writer has not published yet', async () => {
    stubFetch({
      [PROFILE_PATH]: jsonResponse(writerProfile({ posts: 0, likes: 0, views: 0, comments: 0 })),
      '/api/posts': page([]),
      '/api/books': noBooks,
    })
    renderWriter()
    expect(await screen.findByText('Grace Okafor has not published yet')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Write your first post' })).not.toBeInTheDocument()
    expect(
      screen.queryByRole('region', { name: 'Only you can see this page for now' }),
    ).not.toBeInTheDocument()
  })

  it('tells me, on my own page with nothing published, that only I see it, and how to start', async () => {
    fakeAuth.signedIn({ id: 'writer-1', name: 'Grace Okafor', email: 'grace@inkwell.test' })
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1', name: 'Grace Okafor' })),
      [PROFILE_PATH]: jsonResponse(writerProfile({ posts: 0, likes: 0, views: 0, comments: 0 })),
      '/api/posts': page([]),
      '/api/books': noBooks,
    })
    renderWriter()
    expect(await screen.findByText('You have not published yet')).toBeInTheDocument()
    const notice = screen.getByRole('region', { name: 'Only you can see this page for now' })
    expect(notice).toHaveTextContent('It opens to readers with your first published post.')
    expect(within(notice).getByRole('link', { name: 'Write your first post' })).toHaveAttribute(
      'href',
      '/post',
    )
    // What readers will find: my name and bio, my posts and books to come.
    expect(screen.getByRole('heading', { level: 1, name: 'Grace Okafor' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Your posts' })).toBeInTheDocument()
    // My own page says where my books will be, and how to write one.
    expect(await screen.findByRole('heading', { name: 'Your books' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a book' })).toHaveAttribute('href', '/postbook?new')
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings')
  })

  it('says clearly when there is no such writer', async () => {
    stubFetch({ [PROFILE_PATH]: errorResponse(404, 'not_found', 'That writer does not exist') })
    renderWriter()
    expect(await screen.findByRole('heading', { name: 'We can’t find this writer' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse writers' })).toHaveAttribute('href', '/profile')
    expect(document.title).toBe('Writer not found · Inkwell')
  })

  it('explains a failure and tries again on request', async () => {
    let fail = true
    stubFetch({
      [PROFILE_PATH]: () =>
        fail ? errorResponse(400, 'bad_request', 'That link is not valid') : jsonResponse(writerProfile()),
      '/api/posts': page(),
      '/api/books': noBooks,
    })
    const { user } = renderWriter()
    expect(await screen.findByText('That link is not valid')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Okafor' })).toBeInTheDocument()
  })
})
