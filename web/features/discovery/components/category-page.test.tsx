import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PostCard } from '#common/schemas/posts.ts'
import { postCard, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { CategoryPage } from './category-page.tsx'

const story = (n: number, overrides: Partial<PostCard> = {}) =>
  postCard({
    id: `6f1c1f9e-0000-4000-8000-0000000000c${n}`,
    category: 'fiction',
    subjectSlug: null,
    title: `Story number ${n}`,
    slug: `story-${n}`,
    ...overrides,
  })

/** A category page whose feed answers by sort and cursor like the server would. */
function renderCategory(
  category: 'academic' | 'fiction',
  {
    latest = [] as PostCard[],
    more = [] as PostCard[],
    featured = [] as PostCard[],
    popular = [] as PostCard[],
  } = {},
) {
  const fetch = stubFetch({
    '/api/posts': (url) => {
      const { sort, cursor } = queryOf(url)
      if (sort === 'featured') return jsonResponse({ items: featured, nextCursor: null })
      if (cursor) return jsonResponse({ items: more, nextCursor: null })
      return jsonResponse({ items: latest, nextCursor: more.length ? 'next' : null })
    },
    '/api/posts/popular': jsonResponse(popular),
    '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
  })
  return { ...renderAt(<CategoryPage category={category} />), fetch }
}

describe('CategoryPage', () => {
  it('shows the academic subjects, each linking to its hub with its post count', async () => {
    renderCategory('academic', { latest: [postCard()] })
    expect(screen.getByRole('heading', { level: 1, name: 'Academic' })).toBeInTheDocument()
    expect(document.title).toBe('Academic · Inkwell')
    const subjects = await screen.findByRole('link', { name: /Physics/ })
    expect(subjects).toHaveAttribute('href', '/subject/physics')
    expect(subjects).toHaveTextContent('7 posts')
    expect(screen.getByRole('link', { name: /History/ })).toHaveTextContent('0 posts')
    // General subjects are not lessons.
    expect(screen.queryByRole('link', { name: /Stories imagined/ })).not.toBeInTheDocument()
  })

  it('asks only for its own category, and has no subject grid outside academic', async () => {
    const { fetch } = renderCategory('fiction', { latest: [story(1)], popular: [story(2)] })
    expect(await screen.findByRole('link', { name: 'Story number 1' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Subjects' })).not.toBeInTheDocument()
    expect(callsTo(fetch, '/api/subjects')).toHaveLength(0)
    await waitFor(() => expect(callsTo(fetch, '/api/posts/popular')).toHaveLength(1))
    expect(callsTo(fetch, '/api/posts').map(([url]) => queryOf(url).category)).toEqual(['fiction', 'fiction'])
    expect(queryOf(callsTo(fetch, '/api/posts/popular')[0][0])).toEqual({ category: 'fiction', limit: '5' })
  })

  it('shows the editors’ picks, the latest with more on demand, and this week’s most read', async () => {
    const { user } = renderCategory('fiction', {
      featured: [story(1, { featured: true })],
      latest: [story(2)],
      more: [story(3)],
      popular: [story(4)],
    })
    const featured = await screen.findByRole('region', { name: 'Featured' })
    expect(await within(featured).findByRole('link', { name: 'Story number 1' })).toBeInTheDocument()
    const latest = screen.getByRole('region', { name: 'Latest' })
    await within(latest).findByRole('link', { name: 'Story number 2' })
    await user.click(within(latest).getByRole('button', { name: 'Load more' }))
    expect(await within(latest).findByRole('link', { name: 'Story number 3' })).toBeInTheDocument()
    expect(within(latest).getByRole('link', { name: 'Story number 2' })).toBeInTheDocument()
    const popular = await screen.findByRole('region', { name: 'Popular this week' })
    expect(await within(popular).findByRole('link', { name: 'Story number 4' })).toBeInTheDocument()
  })

  it('invites the first writer when the category is empty, without empty shelves', async () => {
    renderCategory('fiction')
    expect(await screen.findByText('No stories published yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Featured' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Popular this week' })).not.toBeInTheDocument()
  })
})
