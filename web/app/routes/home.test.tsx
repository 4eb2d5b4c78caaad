import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { BookCard } from '#common/schemas/books.ts'
import type { PostCard } from '#common/schemas/posts.ts'
import { bookPageOf, shelfBook } from '#web/features/books/book-shelves.fixtures.ts'
import { postCard } from '#web/test/builders.ts'
import { callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Home from './home.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const story = postCard({
  id: '6f1c1f9e-0000-4000-8000-0000000000b1',
  category: 'true-story',
  subjectSlug: null,
  title: 'My grandmother’s recipe box',
  slug: 'recipe-box',
  featured: true,
})

/** The home page with these posts published: the feed filters them as the server would. */
function renderHome({ posts = [] as PostCard[], popular = [] as PostCard[], books = [] as BookCard[] } = {}) {
  const fetch = stubFetch({
    '/api/books': jsonResponse(bookPageOf(books)),
    '/api/posts': (url) => {
      const { category, sort } = queryOf(url)
      const items = posts.filter(
        (p) => (!category || p.category === category) && (sort !== 'featured' || p.featured),
      )
      return jsonResponse({ items, nextCursor: null })
    },
    '/api/posts/popular': jsonResponse(popular),
  })
  return { ...renderAt(<Home />), fetch }
}

const section = (name: string) => screen.getByRole('region', { name })

describe('Home', () => {
  it('invites the first writer when nothing is published, and shows no empty shelves', async () => {
    renderHome()
    expect(await screen.findByText('Nothing published yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
    expect(screen.queryByRole('heading', { name: 'Featured' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Popular this week' })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Top books' })).not.toBeInTheDocument()
    // What Inkwell is stays on the page.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Read to learn.')
    expect(screen.getByRole('heading', { name: 'What Inkwell offers' })).toBeInTheDocument()
    expect(document.title).toBe('Inkwell')
  })

  it('shows the featured picks, the latest of each category and this week’s most read', async () => {
    const { fetch } = renderHome({ posts: [postCard(), story], popular: [postCard()] })
    const featured = await screen.findByRole('region', { name: 'Featured' })
    expect(await within(featured).findByRole('link', { name: story.title })).toBeInTheDocument()
    // The section says they are featured: no badge on each.
    expect(within(featured).queryByText('Featured', { selector: 'span' })).not.toBeInTheDocument()

    const academic = await screen.findByRole('region', { name: 'Latest in Academic' })
    expect(await within(academic).findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    expect(within(academic).getByRole('link', { name: 'See all academic' })).toHaveAttribute(
      'href',
      '/academic',
    )
    const stories = section('Latest in True stories')
    expect(await within(stories).findByRole('link', { name: story.title })).toBeInTheDocument()
    expect(within(stories).getByRole('link', { name: 'See all true stories' })).toHaveAttribute(
      'href',
      '/truestories',
    )
    // A category with nothing yet asks for a first post instead of hiding.
    const fiction = section('Latest in Fiction')
    expect(await within(fiction).findByText(/No stories yet/)).toBeInTheDocument()
    expect(within(fiction).getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')

    const popular = await screen.findByRole('region', { name: 'Popular this week' })
    expect(await within(popular).findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    expect(screen.queryByText('Nothing published yet')).not.toBeInTheDocument()

    const asked = callsTo(fetch, '/api/posts').map(([url]) => queryOf(url))
    expect(asked).toContainEqual({ sort: 'featured', limit: '4' })
    expect(asked).toContainEqual({ category: 'fiction', sort: 'newest', limit: '3' })
    expect(callsTo(fetch, '/api/posts/popular').map(([url]) => queryOf(url))).toEqual([{ limit: '6' }])
  })

  it('shows the best-selling books, each card linking to its page, with the way to the store', async () => {
    const books = [
      shelfBook({ id: '5a0b7c1e-0000-4000-8000-0000000000b2', title: 'Mechanics Without Tears', price: 999 }),
      shelfBook({ id: '5a0b7c1e-0000-4000-8000-0000000000b3', title: 'Thinking in Recursion', price: 0 }),
    ]
    const { fetch } = renderHome({ posts: [postCard()], books })
    const shelf = await screen.findByRole('region', { name: 'Top books' })
    expect(await within(shelf).findByRole('link', { name: 'Mechanics Without Tears' })).toHaveAttribute(
      'href',
      `/read/${books[0].id}`,
    )
    expect(within(shelf).getByText('$9.99')).toBeInTheDocument()
    expect(within(shelf).getByText('Free')).toBeInTheDocument()
    expect(within(shelf).getAllByRole('listitem')).toHaveLength(2)
    expect(within(shelf).getByRole('link', { name: 'Browse the Books Store' })).toHaveAttribute(
      'href',
      '/books?sort=bestselling',
    )
    expect(callsTo(fetch, '/api/books').map(([url]) => queryOf(url))).toEqual([
      { sort: 'bestselling', limit: '6' },
    ])
  })

  it('hides the featured shelf when nothing is featured, and popular when nothing was read this week', async () => {
    renderHome({ posts: [postCard()] })
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Featured' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Popular this week' })).not.toBeInTheDocument()
  })
})
