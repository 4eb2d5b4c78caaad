import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { BookCard } from '#common/schemas/books.ts'
import type { ExamCard } from '#common/schemas/exams.ts'
import type { ThreadSummary } from '#common/schemas/forums.ts'
import type { PostCard } from '#common/schemas/posts.ts'
import { bookPageOf, shelfBook } from '#web/features/books/book-shelves.fixtures.ts'
import { examCard, postCard, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { threadSummary } from '#web/test/forum-builders.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Subject from './subject.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const physics = SUBJECTS_WITH_COUNTS[1]

const MECHANICS = examCard()

function renderSubject(
  path: string,
  posts: PostCard[] = [postCard()],
  subject: Response = jsonResponse(physics),
  exams: ExamCard[] = [],
  threads: ThreadSummary[] = [],
  books: BookCard[] = [],
) {
  const fetch = stubFetch({
    '/api/books': jsonResponse(bookPageOf(books)),
    '/api/subjects/physics': subject,
    '/api/posts': jsonResponse({ items: posts, nextCursor: null }),
    '/api/exams': jsonResponse({ items: exams, nextCursor: null }),
    '/api/forum/subjects/physics/threads': jsonResponse({ items: threads, nextCursor: null }),
  })
  const view = renderRoutes([{ path: '/subject/:subjectType', element: <Subject /> }], path)
  const feedQueries = () => callsTo(fetch, '/api/posts').map(([url]) => queryOf(url))
  const threadQueries = () =>
    callsTo(fetch, '/api/forum/subjects/physics/threads').map(([url]) => queryOf(url))
  const bookQueries = () => callsTo(fetch, '/api/books').map(([url]) => queryOf(url))
  return { ...view, feedQueries, threadQueries, bookQueries }
}

describe('Subject hub', () => {
  it('names the subject, says what it covers and how many posts it has, and lists them', async () => {
    const { feedQueries } = renderSubject('/subject/physics')
    expect(await screen.findByRole('heading', { level: 1, name: 'Physics' })).toBeInTheDocument()
    expect(screen.getByText('How the universe moves.')).toBeInTheDocument()
    expect(screen.getByText('7 published posts')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All subjects' })).toHaveAttribute('href', '/academic')
    expect(document.title).toBe('Physics · Inkwell')
    expect(feedQueries()).toEqual([{ subject: 'physics', sort: 'newest' }])
  })

  it('invites a signed-out visitor to sign in to see their level in the subject', async () => {
    renderSubject('/subject/physics')
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your level in Physics' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fsubject%2Fphysics',
    )
  })

  it('lists the subject’s exams, with the way to all of them', async () => {
    renderSubject('/subject/physics', [postCard()], jsonResponse(physics), [MECHANICS])
    expect(await screen.findByRole('link', { name: 'Mechanics check-up' })).toHaveAttribute(
      'href',
      `/examroom/${MECHANICS.id}`,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Exams' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /All Physics exams/ })).toHaveAttribute(
      'href',
      '/exams?subject=physics',
    )
  })

  it('shows the subject’s books, best-selling first, with the way to them in the store', async () => {
    const book = shelfBook({
      id: '5a0b7c1e-0000-4000-8000-0000000000b2',
      title: 'Mechanics Without Tears',
      category: 'academic',
      subjectSlug: 'physics',
      price: 999,
    })
    const { bookQueries } = renderSubject(
      '/subject/physics',
      [postCard()],
      jsonResponse(physics),
      [],
      [],
      [book],
    )
    expect(await screen.findByRole('link', { name: 'Mechanics Without Tears' })).toHaveAttribute(
      'href',
      `/read/${book.id}`,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Books' })).toBeInTheDocument()
    expect(screen.getByText('$9.99')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /All Physics books/ })).toHaveAttribute(
      'href',
      '/books?category=academic&subject=physics&sort=bestselling',
    )
    expect(bookQueries()).toEqual([
      { category: 'academic', subject: 'physics', sort: 'bestselling', limit: expect.any(String) },
    ])
  })

  it('shows no books section while the subject has none', async () => {
    const { bookQueries, queryClient } = renderSubject('/subject/physics')
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    await waitFor(() => expect(bookQueries()).toHaveLength(1))
    // Answered, and still nothing shown.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(screen.queryByRole('heading', { name: 'Books' })).not.toBeInTheDocument()
  })

  it('shows the subject’s latest discussions, with the way to its forum and to start one', async () => {
    const { threadQueries } = renderSubject(
      '/subject/physics',
      [postCard()],
      jsonResponse(physics),
      [],
      [threadSummary({ subjectSlug: 'physics', title: 'Why does the Moon not fall?', pinned: true })],
    )
    expect(await screen.findByRole('link', { name: 'Why does the Moon not fall?' })).toHaveAttribute(
      'href',
      '/forum/physics/c1a7e0d2-0000-4000-8000-000000000001',
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Discussions' })).toBeInTheDocument()
    expect(screen.getByText('Pinned')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /The Physics forum/ })).toHaveAttribute('href', '/forum/physics')
    expect(screen.getByRole('link', { name: 'Start a discussion' })).toHaveAttribute(
      'href',
      '/forum/physics?new=1',
    )
    expect(threadQueries()).toEqual([{ limit: '5' }])
  })

  it('invites the first discussion when the forum is empty', async () => {
    renderSubject('/subject/physics')
    expect(await screen.findByText('No discussions in Physics yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start a discussion' })).toBeInTheDocument()
  })

  it('sorts by popularity, in the address', async () => {
    const { user, router, feedQueries } = renderSubject('/subject/physics')
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    expect(screen.getByRole('radio', { name: 'Newest' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'Most popular' }))
    expect(router.state.location.search).toBe('?sort=popular')
    expect(screen.getByRole('radio', { name: 'Most popular' })).toBeChecked()
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    expect(feedQueries().at(-1)).toEqual({ subject: 'physics', sort: 'popular' })
  })

  it('asks for a first lesson when the subject has none', async () => {
    renderSubject('/subject/physics', [])
    expect(await screen.findByText('No posts in Physics yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
  })

  it('says so when there is no such subject, and points to the ones there are', async () => {
    renderSubject('/subject/physics', [], errorResponse(404, 'not_found', 'No such subject'))
    expect(
      await screen.findByRole('heading', { level: 1, name: "We don't have that subject" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all subjects' })).toHaveAttribute('href', '/academic')
    expect(document.title).toBe('Subject not found · Inkwell')
  })
})
