import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEARCH_QUERY_MAX_LENGTH } from '#common/schemas/search.ts'
import { shelfBook } from '#web/features/books/book-shelves.fixtures.ts'
import { examCard, postHit, writerHit } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { forumHit } from '#web/test/forum-builders.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Search from './search.tsx'

const renderSearch = (path: string) => renderRoutes([{ path: '/search/:query', element: <Search /> }], path)

const SECOND_HIT = postHit({
  id: '6f1c1f9e-0000-4000-8000-0000000000a2',
  title: 'Waves on a string',
  slug: 'waves-on-a-string',
  snippet: [
    { text: 'Plucked strings and ', match: false },
    { text: 'physics', match: true },
  ],
})

describe('Search', () => {
  it('shows ranked posts with the matched words marked, and names the page after the query', async () => {
    const fetch = stubFetch({ '/api/search/posts': jsonResponse({ items: [postHit()], nextCursor: null }) })
    renderSearch('/search/newton%20laws')
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “newton laws”' })).toBeInTheDocument()
    expect(document.title).toBe('Search: newton laws · Inkwell')

    const card = (await screen.findByRole('link', { name: 'Newton’s laws, gently' })).closest('article')!
    const mark = within(card).getByText('Newton')
    expect(mark.tagName).toBe('MARK')
    expect(within(card).getByText('made motion simple.', { exact: false }).tagName).toBe('SPAN')
    // The snippet replaces the excerpt.
    expect(within(card).queryByText('Three laws, one apple, no equations you cannot follow.')).toBeNull()
    expect(queryOf(callsTo(fetch, '/api/search/posts')[0][0])).toEqual({ q: 'newton laws', limit: '20' })
    expect(screen.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page')
  })

  it('passes the search syntax through as typed, slashes and quotes included', async () => {
    const q = '"red giant" -winter 50/50'
    const fetch = stubFetch({ '/api/search/posts': jsonResponse({ items: [], nextCursor: null }) })
    renderSearch(`/search/${encodeURIComponent(q)}`)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Results for “${q}”`)
    expect(await screen.findByText(`No posts match “${q}”.`)).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/search/posts')[0][0]).q).toBe(q)
  })

  it('keeps the card’s excerpt when there is nothing to quote', async () => {
    stubFetch({ '/api/search/posts': jsonResponse({ items: [postHit({ snippet: [] })], nextCursor: null }) })
    renderSearch('/search/newton')
    expect(
      await screen.findByText('Three laws, one apple, no equations you cannot follow.'),
    ).toBeInTheDocument()
    expect(document.querySelector('mark')).toBeNull()
  })

  it('reads the tab from the address and searches writers there', async () => {
    const fetch = stubFetch({
      '/api/search/writers': jsonResponse({ items: [writerHit()], nextCursor: null }),
    })
    renderSearch('/search/physics?type=writers')
    const name = await screen.findByRole('link', { name: 'Grace Okafor' })
    expect(within(name.closest('article')!).getByText('Physics').tagName).toBe('MARK')
    expect(callsTo(fetch, '/api/search/posts')).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Writers' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Posts' })).toHaveAttribute('href', '/search/physics')
    expect(screen.getByRole('link', { name: 'Posts' })).not.toHaveAttribute('aria-current')
  })

  it('searches exams on the Exams tab, each linking to its room', async () => {
    const exam = examCard()
    const fetch = stubFetch({ '/api/search/exams': jsonResponse({ items: [exam], nextCursor: null }) })
    renderSearch('/search/mechanics?type=exams')
    expect(await screen.findByRole('link', { name: 'Mechanics check-up' })).toHaveAttribute(
      'href',
      `/examroom/${exam.id}`,
    )
    expect(queryOf(callsTo(fetch, '/api/search/exams')[0][0]).q).toBe('mechanics')
    expect(screen.getByRole('link', { name: 'Exams' })).toHaveAttribute('aria-current', 'page')
  })

  it('searches books on the Books tab, each card linking to its page, with a way to the store when none match', async () => {
    const book = shelfBook({ id: '5a0b7c1e-0000-4000-8000-0000000000b2', title: 'Mechanics Without Tears' })
    const fetch = stubFetch({
      '/api/search/books': (url) =>
        jsonResponse({ items: queryOf(url).q === 'mechanics' ? [book] : [], nextCursor: null }),
    })
    renderSearch('/search/mechanics?type=books')
    const types = screen.getByRole('navigation', { name: 'Result types' })
    expect(
      within(types)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Posts', 'Writers', 'Books', 'Exams', 'Threads'])
    expect(within(types).getByRole('link', { name: 'Books' })).toHaveAttribute('aria-current', 'page')
    expect(within(types).queryByText(/Soon|arrives with/)).toBeNull()
    expect(await screen.findByRole('link', { name: 'Mechanics Without Tears' })).toHaveAttribute(
      'href',
      `/read/${book.id}`,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Mechanics Without Tears' })).toBeInTheDocument()
    expect(screen.getByText('$4.99')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/search/posts')).toHaveLength(0)
  })

  it('says when no book matches, and offers the Books Store', async () => {
    stubFetch({ '/api/search/books': jsonResponse({ items: [], nextCursor: null }) })
    renderSearch('/search/zeppelins?type=books')
    expect(await screen.findByText('No books match “zeppelins”.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse the Books Store' })).toHaveAttribute('href', '/books')
  })

  it('searches forum threads and replies on the Threads tab, each linking to where it is read', async () => {
    const reply = forumHit()
    const thread = forumHit({
      threadId: '7c2e9d10-0000-4000-8000-000000000002',
      threadTitle: 'Tidal locking, explained',
      replyId: null,
      page: 1,
      author: { id: 'writer-2', name: 'Mei Lin Chen', image: null },
    })
    const fetch = stubFetch({
      '/api/search/threads': jsonResponse({ items: [thread, reply], nextCursor: null }),
    })
    renderSearch('/search/tidal?type=threads')
    const replyLink = await screen.findByRole('link', { name: 'Why are there two high tides a day?' })
    expect(replyLink).toHaveAttribute(
      'href',
      `/forum/physics/${reply.threadId}?page=2#reply-${reply.replyId}`,
    )
    const replyCard = replyLink.closest('article')!
    expect(within(replyCard).getByText('Reply by Grace Okafor')).toBeInTheDocument()
    expect(within(replyCard).getByText('Physics')).toBeInTheDocument()
    expect(within(replyCard).getByText('tidal').tagName).toBe('MARK')
    expect(within(replyCard).getByTitle(/^18 Nov 2026, /)).toHaveAttribute('dateTime', reply.createdAt)

    const threadLink = screen.getByRole('link', { name: 'Tidal locking, explained' })
    expect(threadLink).toHaveAttribute('href', `/forum/physics/${thread.threadId}`)
    expect(within(threadLink.closest('article')!).getByText('Thread by Mei Lin Chen')).toBeInTheDocument()

    expect(queryOf(callsTo(fetch, '/api/search/threads')[0][0])).toEqual({ q: 'tidal', limit: '20' })
    expect(callsTo(fetch, '/api/search/posts')).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Threads' })).toHaveAttribute('aria-current', 'page')
  })

  it('loads more threads, and says when none match', async () => {
    const fetch = stubFetch({
      '/api/search/threads': (url) =>
        jsonResponse(
          queryOf(url).q === 'zzyzx'
            ? { items: [], nextCursor: null }
            : queryOf(url).cursor === 'page-2'
              ? {
                  items: [forumHit({ replyId: null, page: 1, threadTitle: 'Moon and sea' })],
                  nextCursor: null,
                }
              : { items: [forumHit()], nextCursor: 'page-2' },
        ),
    })
    const { user, router } = renderSearch('/search/tides?type=threads')
    await screen.findByRole('link', { name: 'Why are there two high tides a day?' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Moon and sea' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/search/threads')[1][0])).toMatchObject({
      q: 'tides',
      cursor: 'page-2',
    })

    const field = screen.getByRole('searchbox', { name: 'Search for' })
    await user.clear(field)
    await user.type(field, 'zzyzx{Enter}')
    expect(router.state.location.search).toBe('?type=threads')
    expect(await screen.findByText('No threads or replies match “zzyzx”.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse the forums' })).toHaveAttribute('href', '/forum')
  })

  it('says when nothing matches, with a way to browse instead', async () => {
    stubFetch({ '/api/search/posts': jsonResponse({ items: [], nextCursor: null }) })
    renderSearch('/search/zzyzx')
    expect(await screen.findByText('No posts match “zzyzx”.')).toBeInTheDocument()
    expect(screen.getByText('Try fewer words or check the spelling.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all posts' })).toHaveAttribute('href', '/contents')
  })

  it('loads more results after the first page', async () => {
    const fetch = stubFetch({
      '/api/search/posts': (url) =>
        jsonResponse(
          queryOf(url).cursor === 'page-2'
            ? { items: [SECOND_HIT], nextCursor: null }
            : { items: [postHit()], nextCursor: 'page-2' },
        ),
    })
    const { user } = renderSearch('/search/physics')
    await screen.findByRole('link', { name: 'Newton’s laws, gently' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Waves on a string' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').filter((item) => item.querySelector('article'))).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/search/posts')[1][0])).toMatchObject({
      q: 'physics',
      cursor: 'page-2',
    })
  })

  it('says when the search failed and tries again', async () => {
    let calls = 0
    stubFetch({
      // A 4xx, which the query client does not retry by itself.
      '/api/search/posts': () =>
        ++calls === 1
          ? errorResponse(429, 'rate_limited', 'Too many searches at once. Wait a moment.')
          : jsonResponse({ items: [postHit()], nextCursor: null }),
    })
    const { user } = renderSearch('/search/physics')
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load posts.")
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
  })

  it('refines the search from the page, keeping the tab', async () => {
    stubFetch({ '/api/search/writers': jsonResponse({ items: [], nextCursor: null }) })
    const { user, router } = renderSearch('/search/physics?type=writers')
    const field = screen.getByRole('searchbox', { name: 'Search for' })
    expect(field).toHaveValue('physics')
    await user.clear(field)
    await user.type(field, 'quantum waves{Enter}')
    expect(router.state.location.pathname).toBe('/search/quantum%20waves')
    expect(router.state.location.search).toBe('?type=writers')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “quantum waves”')
    expect(await screen.findByText('No writers match “quantum waves”.')).toBeInTheDocument()
  })

  it('says a too long query is too long without asking the server', async () => {
    const fetch = stubFetch()
    renderSearch(`/search/${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`)
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters`,
    )
    expect(fetch).not.toHaveBeenCalled()
  })
})
