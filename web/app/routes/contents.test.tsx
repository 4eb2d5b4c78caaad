import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PostCard } from '#common/schemas/posts.ts'
import { postCard, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Contents from './contents.tsx'

const page = (items: PostCard[], nextCursor: string | null = null) => jsonResponse({ items, nextCursor })

const second = postCard({
  id: '6f1c1f9e-0000-4000-8000-0000000000a2',
  title: 'The hour of the wolf',
  slug: 'hour-of-the-wolf',
  category: 'fiction',
  subjectSlug: null,
})

/** The contents page at `path`, answering the feed with `feed` and the subjects with the fixtures. */
function renderContents(path: string, feed: (url: string) => Response = () => page([postCard()])) {
  const fetch = stubFetch({ '/api/posts': feed, '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
  const view = renderAt(<Contents />, path)
  const search = () => view.router.state.location.search
  const feedQueries = () => callsTo(fetch, '/api/posts').map(([url]) => queryOf(url))
  return { ...view, fetch, search, feedQueries }
}

describe('Contents', () => {
  it('lists everything published, newest first, under its title', async () => {
    const { feedQueries } = renderContents('/contents')
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'All posts' })).toBeInTheDocument()
    expect(document.title).toBe('All posts · Inkwell')
    expect(feedQueries()).toEqual([{ sort: 'newest' }])
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked()
    expect(screen.queryByLabelText('Subject')).not.toBeInTheDocument()
  })

  it('reads its filters from the address and asks the feed for them', async () => {
    const { feedQueries } = renderContents(
      '/contents?category=academic&subject=physics&tag=Mechanics&sort=popular',
    )
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    expect(feedQueries()).toEqual([
      { category: 'academic', subject: 'physics', tag: 'mechanics', sort: 'popular' },
    ])
    expect(screen.getByRole('radio', { name: 'Academic' })).toBeChecked()
    expect(await screen.findByRole('option', { name: 'Physics' })).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveValue('physics')
    expect(screen.getByLabelText('Sort by')).toHaveValue('popular')
    expect(screen.getByText('Tagged #mechanics')).toBeInTheDocument()
  })

  it('ignores filters it does not know', async () => {
    const { feedQueries } = renderContents('/contents?category=poetry&subject=physics&sort=oldest')
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    // A subject without the academic category is dropped too: only lessons have subjects here.
    expect(feedQueries()).toEqual([{ sort: 'newest' }])
  })

  it('puts each filter change in the address', async () => {
    const { user, search } = renderContents('/contents?tag=mechanics')
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    await user.click(screen.getByRole('radio', { name: 'Academic' }))
    expect(search()).toBe('?category=academic&tag=mechanics')
    await user.selectOptions(await screen.findByLabelText('Subject'), 'history')
    expect(search()).toBe('?category=academic&subject=history&tag=mechanics')
    await user.selectOptions(screen.getByLabelText('Sort by'), 'popular')
    expect(search()).toBe('?category=academic&subject=history&tag=mechanics&sort=popular')
  })

  it('drops a removed tag, and the subject with the academic category, and asks again', async () => {
    const { user, search, feedQueries } = renderContents(
      '/contents?category=academic&subject=history&tag=mechanics&sort=popular',
    )
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    await user.click(screen.getByRole('button', { name: 'Remove tag mechanics' }))
    expect(search()).toBe('?category=academic&subject=history&sort=popular')
    await user.click(screen.getByRole('radio', { name: 'Fiction' }))
    expect(search()).toBe('?category=fiction&sort=popular')
    expect(screen.queryByLabelText('Subject')).not.toBeInTheDocument()
    await waitFor(() => expect(feedQueries().at(-1)).toEqual({ category: 'fiction', sort: 'popular' }))
    expect(feedQueries()).toContainEqual({ category: 'academic', subject: 'history', sort: 'popular' })
  })

  it('loads the next page after the ones shown', async () => {
    const { user, feedQueries } = renderContents('/contents?category=fiction', (url) =>
      queryOf(url).cursor ? page([second]) : page([postCard()], 'cursor-2'),
    )
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'The hour of the wolf' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    expect(feedQueries().at(-1)).toEqual({ category: 'fiction', sort: 'newest', cursor: 'cursor-2' })
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('keeps the posts shown when the next page fails, and tries it again', async () => {
    let fail = true
    const { user } = renderContents('/contents', (url) => {
      if (!queryOf(url).cursor) return page([postCard()], 'cursor-2')
      return fail ? errorResponse(400, 'bad_request', 'That page has expired.') : page([second])
    })
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("We couldn't load more posts. That page has expired.")
    expect(screen.getByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'The hour of the wolf' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('offers to clear the filters when nothing matches', async () => {
    const { user, search } = renderContents('/contents?category=fiction&tag=dragons&sort=popular', (url) =>
      queryOf(url).tag ? page([]) : page([postCard()]),
    )
    expect(await screen.findByText('No posts match these filters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(search()).toBe('?sort=popular')
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
  })

  it('invites writers when nothing is published at all', async () => {
    renderContents('/contents', () => page([]))
    expect(await screen.findByText('Nothing published yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
  })

  it('says what failed and tries again', async () => {
    let fail = true
    const { user } = renderContents('/contents', () =>
      fail ? errorResponse(400, 'bad_request', 'That tag is too long.') : page([postCard()]),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("We couldn't load these posts. That tag is too long.")
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
  })
})
