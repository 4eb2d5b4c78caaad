import { act, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Comment } from '#common/schemas/comments.ts'
import { comment, meBody, postCard, publicPost, writerProfile } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { COMMENTS_PATH, POST_ID, POST_PATH, readerRoutes, renderLearn } from './learn.fixtures.tsx'

// What the server says each may do (server/core/policies/post.ts): the page shows what it is told.
const AUTHOR_MAY = { canEdit: true, canReport: false }
const ADMIN_MAY = { canEdit: true, canFeature: true }

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

beforeEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove()
})

describe('Learn (the reader)', () => {
  it('shows the post, its author and its body, and names the page after it', async () => {
    stubFetch({
      ...readerRoutes(),
      '/api/writers/writer-1': jsonResponse(writerProfile({ monthlyPrice: 500 })),
    })
    renderLearn()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Newton’s laws, gently' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'The first law' })).toBeInTheDocument()
    expect(screen.getByText('1 min read')).toBeInTheDocument()
    expect(screen.getByText(/^Academic/)).toHaveTextContent('Academic/Physics')
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/writer-1')
    expect(await screen.findByRole('button', { name: 'Subscribe · $5/month' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('#mechanics')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(document.title).toBe('Newton’s laws, gently · Inkwell')
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Three laws, one apple, no equations you cannot follow.',
    )
  })

  it('shows the excerpt and a subscribe prompt, and no body, when the post is locked', async () => {
    stubFetch(readerRoutes(publicPost({ access: 'subscribers', bodyHtml: null, locked: true })))
    renderLearn()
    expect(await screen.findByRole('heading', { name: 'This post is for subscribers' })).toBeInTheDocument()
    expect(screen.getByText('Three laws, one apple, no equations you cannot follow.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Grace Okafor’s page' })).toHaveAttribute(
      'href',
      '/writer/writer-1',
    )
    expect(screen.queryByRole('heading', { name: 'The first law' })).not.toBeInTheDocument()
    expect(screen.queryByText(/min read/)).not.toBeInTheDocument()
  })

  it('says so when the post does not exist or is not published', async () => {
    stubFetch({ [POST_PATH]: errorResponse(404, 'not_found', 'Post not found') })
    renderLearn()
    expect(
      await screen.findByRole('heading', { name: 'This post doesn’t exist or isn’t published' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('Post not found · Inkwell')
  })

  it('tells the author their post is not published yet, with a way to edit it', async () => {
    fakeAuth.signedIn({ id: 'writer-1', name: 'Grace Okafor', email: 'grace@inkwell.test' })
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1', name: 'Grace Okafor' })),
      ...readerRoutes(publicPost({ status: 'pending', publishedAt: null, ...AUTHOR_MAY })),
    })
    renderLearn()
    const banner = (await screen.findByText('Not published · Waiting for review.')).closest('[role="status"]')
    expect(banner).toHaveTextContent('An editor will read it soon')
    expect(await screen.findByRole('link', { name: 'Edit post' })).toHaveAttribute(
      'href',
      '/post?id=6f1c1f9e-0000-4000-8000-0000000000a1',
    )
    // The body still reads as it will once published.
    expect(screen.getByRole('heading', { name: 'The first law' })).toBeInTheDocument()
  })
})

describe('Learn: likes, views and comments', () => {
  const signIn = () => {
    fakeAuth.signedIn()
    return { '/api/me': jsonResponse(meBody()) }
  }

  it('records one view when the post is shown, and shows the counts in the header', async () => {
    const fetch = stubFetch(readerRoutes(publicPost({ views: 41, comments: 3 })))
    renderLearn()
    expect(await screen.findByText('42 views')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '3 comments' })).toHaveAttribute('href', '#comments')
    expect(callsTo(fetch, '/views')).toHaveLength(1)
    expect(callsTo(fetch, '/views')[0][1]?.method).toBe('POST')
  })

  it('likes and unlikes with PUT and DELETE, showing the change at once', async () => {
    const fetch = stubFetch({
      ...signIn(),
      ...readerRoutes(publicPost({ likes: 4 })),
      [`PUT /api/posts/${POST_ID}/like`]: jsonResponse({ liked: true, likes: 5 }),
      [`DELETE /api/posts/${POST_ID}/like`]: jsonResponse({ liked: false, likes: 4 }),
    })
    const { user } = renderLearn()
    const like = await screen.findByRole('button', { name: 'Like' })
    expect(like).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByText('4 likes')).toBeInTheDocument()

    await user.click(like)
    expect(await screen.findByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByText('5 likes')).toBeInTheDocument()
    expect(callsTo(fetch, '/like').map(([, init]) => init?.method)).toEqual(['PUT'])

    await user.click(screen.getByRole('button', { name: 'Liked' }))
    expect(await screen.findByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false')
    expect(await screen.findByText('4 likes')).toBeInTheDocument()
    expect(callsTo(fetch, '/like').map(([, init]) => init?.method)).toEqual(['PUT', 'DELETE'])
  })

  it('puts the like back when the server refuses it', async () => {
    stubFetch({
      ...signIn(),
      ...readerRoutes(publicPost({ likes: 4 })),
      [`PUT /api/posts/${POST_ID}/like`]: errorResponse(500, 'internal', 'Something went wrong'),
    })
    const { user } = renderLearn()
    await user.click(await screen.findByRole('button', { name: 'Like' }))
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByText('4 likes')).toBeInTheDocument()
  })

  it('holds the sign-in links until the session is known, so a signed-in reader is never sent to sign in', async () => {
    fakeAuth.pending()
    stubFetch({ '/api/me': jsonResponse(meBody()), ...readerRoutes() })
    renderLearn()
    expect(await screen.findByRole('button', { name: 'Sign in to like' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Sign in to join the conversation' })).toBeDisabled()
    expect(screen.queryByRole('link', { name: /^Sign in to/ })).not.toBeInTheDocument()

    act(() => fakeAuth.signedIn())
    expect(await screen.findByRole('button', { name: 'Like' })).toBeEnabled()
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Sign in to/ })).not.toBeInTheDocument()
  })

  it('sends signed-out readers to sign in to like or comment', async () => {
    stubFetch(readerRoutes())
    renderLearn()
    const back = `/login?redirectTo=${encodeURIComponent('/learn/writer-1/newtons-laws')}`
    expect(await screen.findByRole('link', { name: 'Sign in to like' })).toHaveAttribute('href', back)
    expect(screen.getByRole('link', { name: 'Sign in to join the conversation' })).toHaveAttribute(
      'href',
      back,
    )
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument()
  })

  it('posts a comment, clears the form and shows it', async () => {
    const mine = comment({
      id: '7a2d0c3b-0000-4000-8000-000000000009',
      author: { id: 'user-1', name: 'Ada Writer', image: null },
      body: 'What about friction?',
      canEdit: true,
      canDelete: true,
    })
    let listed: Comment[] = []
    const fetch = stubFetch({
      ...signIn(),
      ...readerRoutes(),
      [COMMENTS_PATH]: () => jsonResponse({ items: listed, nextCursor: null }),
      [`POST ${COMMENTS_PATH}`]: () => {
        listed = [mine]
        return jsonResponse(mine, 201)
      },
    })
    const { user } = renderLearn()
    const box = await screen.findByRole('textbox', { name: 'Add a comment' })
    expect(screen.getByRole('button', { name: 'Post comment' })).toBeDisabled()
    await user.type(box, '  What about friction?')
    expect(screen.getByText('22 / 10,000')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Post comment' }))

    const list = await screen.findByRole('list', { name: 'Comments' })
    expect(within(list).getByText('What about friction?')).toBeInTheDocument()
    expect(box).toHaveValue('')
    expect(bodyOf(callsTo(fetch, COMMENTS_PATH).find(([, init]) => init?.method === 'POST')?.[1])).toEqual({
      body: '  What about friction?',
    })
    expect(screen.getByRole('link', { name: '1 comment' })).toBeInTheDocument()
  })

  it('shows a comment body as text, never as HTML', async () => {
    stubFetch(readerRoutes(publicPost({ comments: 1 }), [comment({ body: '<b>x</b>' })]))
    renderLearn()
    expect(await screen.findByText('<b>x</b>')).toBeInTheDocument()
    expect(document.querySelector('#comments b')).toBeNull()
  })

  it('asks before deleting a comment, and offers no edit or delete on someone else’s', async () => {
    const mine = comment({
      id: '7a2d0c3b-0000-4000-8000-000000000002',
      author: { id: 'user-1', name: 'Ada Writer', image: null },
      body: 'Mine',
      canEdit: true,
      canDelete: true,
    })
    let listed = [comment(), mine]
    const fetch = stubFetch({
      ...signIn(),
      ...readerRoutes(publicPost({ comments: 2 })),
      [COMMENTS_PATH]: () => jsonResponse({ items: listed, nextCursor: null }),
      [`DELETE /api/comments/${mine.id}`]: () => {
        listed = [comment()]
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderLearn()
    const list = await screen.findByRole('list', { name: 'Comments' })
    const [theirs, own] = within(list).getAllByRole('listitem')
    // Someone else's comment can only be reported; mine can be edited or deleted, not reported.
    expect(
      within(theirs)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Report this comment'])
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument()
    expect(within(own).queryByRole('button', { name: 'Report this comment' })).not.toBeInTheDocument()

    await user.click(within(own).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' })
    expect(callsTo(fetch, `/api/comments/${mine.id}`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(callsTo(fetch, `/api/comments/${mine.id}`)).toHaveLength(0)

    await user.click(within(own).getByRole('button', { name: 'Delete' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete comment' }),
    )
    expect(await screen.findByRole('link', { name: '1 comment' })).toBeInTheDocument()
    expect(screen.queryByText('Mine')).not.toBeInTheDocument()
    expect(callsTo(fetch, `/api/comments/${mine.id}`)[0][1]?.method).toBe('DELETE')
  })

  it('loads more comments on request', async () => {
    const second = comment({ id: '7a2d0c3b-0000-4000-8000-000000000003', body: 'Second page' })
    stubFetch({
      ...readerRoutes(publicPost({ comments: 2 })),
      [COMMENTS_PATH]: (url) =>
        new URL(url, 'http://inkwell.test').searchParams.get('cursor') === 'c1'
          ? jsonResponse({ items: [second], nextCursor: null })
          : jsonResponse({ items: [comment()], nextCursor: 'c1' }),
    })
    const { user } = renderLearn()
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Second page')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })
})

describe('Learn: next, previous and more from the writer', () => {
  const previous = postCard({
    id: '6f1c1f9e-0000-4000-8000-0000000000a0',
    title: 'Measuring motion',
    slug: 'measuring-motion',
  })
  const next = postCard({
    id: '6f1c1f9e-0000-4000-8000-0000000000a2',
    title: 'Friction, honestly',
    slug: 'friction',
  })
  const more = postCard({
    id: '6f1c1f9e-0000-4000-8000-0000000000b1',
    category: 'fiction',
    subjectSlug: null,
    title: 'The lighthouse keeper',
    slug: 'lighthouse',
  })

  it('links the previous and next posts in the category, and lists more from the writer', async () => {
    stubFetch(readerRoutes(publicPost(), [], { previous, next, moreFromWriter: [next, more] }))
    renderLearn()
    const nav = await screen.findByRole('navigation', { name: 'Academic by Grace Okafor' })
    expect(within(nav).getByRole('link', { name: /Previous.*Measuring motion/ })).toHaveAttribute(
      'href',
      '/learn/writer-1/measuring-motion',
    )
    expect(within(nav).getByRole('link', { name: /Next.*Friction, honestly/ })).toHaveAttribute(
      'href',
      '/learn/writer-1/friction',
    )
    const section = screen.getByRole('region', { name: 'More from Grace Okafor' })
    expect(within(section).getByRole('link', { name: 'The lighthouse keeper' })).toHaveAttribute(
      'href',
      '/learn/writer-1/lighthouse',
    )
    // The next post is linked above, so it is not listed again.
    expect(within(section).queryByRole('link', { name: 'Friction, honestly' })).not.toBeInTheDocument()
    expect(within(section).getByRole('link', { name: 'See all their posts' })).toHaveAttribute(
      'href',
      '/writer/writer-1',
    )
  })

  it('shows only the neighbour there is, and nothing when the writer has nothing else', async () => {
    stubFetch(readerRoutes(publicPost(), [], { previous: null, next, moreFromWriter: [] }))
    const { unmount } = renderLearn()
    const nav = await screen.findByRole('navigation', { name: 'Academic by Grace Okafor' })
    expect(within(nav).getAllByRole('link')).toHaveLength(1)
    expect(screen.queryByRole('region', { name: /More from/ })).not.toBeInTheDocument()
    unmount()

    const fetch = stubFetch(readerRoutes())
    renderLearn()
    await screen.findByRole('heading', { level: 1 })
    await vi.waitFor(() => expect(callsTo(fetch, '/around')).toHaveLength(1))
    expect(screen.queryByRole('navigation', { name: /by Grace Okafor/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /More from/ })).not.toBeInTheDocument()
  })

  it('does not ask for neighbours of a post that is not published', async () => {
    fakeAuth.signedIn({ id: 'writer-1', name: 'Grace Okafor', email: 'grace@inkwell.test' })
    const fetch = stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1', name: 'Grace Okafor' })),
      ...readerRoutes(publicPost({ status: 'draft', publishedAt: null, ...AUTHOR_MAY })),
    })
    renderLearn()
    await screen.findByRole('heading', { level: 1 })
    expect(callsTo(fetch, '/around')).toHaveLength(0)
  })
})

describe('Learn: reporting and featuring', () => {
  it('offers signed-in readers a report button for the post, and none to signed-out ones', async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me': jsonResponse(meBody()), ...readerRoutes() })
    const { user } = renderLearn()
    await user.click(await screen.findByRole('button', { name: 'Report this post' }))
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Feature' })).not.toBeInTheDocument()
  })

  it('does not offer the author a report button on their own post', async () => {
    fakeAuth.signedIn({ id: 'writer-1', name: 'Grace Okafor', email: 'grace@inkwell.test' })
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1', name: 'Grace Okafor' })),
      ...readerRoutes(publicPost(AUTHOR_MAY)),
    })
    renderLearn()
    await screen.findByRole('button', { name: 'Like' })
    expect(screen.queryByRole('button', { name: 'Report this post' })).not.toBeInTheDocument()
  })

  it('offers the author no Subscribe to themselves, and their Edit instead', async () => {
    fakeAuth.signedIn({ id: 'writer-1', name: 'Grace Okafor', email: 'grace@inkwell.test' })
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1', name: 'Grace Okafor' })),
      ...readerRoutes(publicPost(AUTHOR_MAY)),
    })
    renderLearn()
    const card = await screen.findByRole('region', { name: 'About the author' })
    expect(await within(card).findByText('Written by you')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Edit post' })).toHaveAttribute(
      'href',
      `/post?id=${POST_ID}`,
    )
    expect(screen.queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Edit post' })).toHaveLength(1)
  })

  it('shows no report or feature buttons when signed out', async () => {
    stubFetch(readerRoutes(publicPost({ comments: 1, canReport: false }), [comment()]))
    renderLearn()
    await screen.findByText('This finally made inertia click for me.')
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Feature/ })).not.toBeInTheDocument()
  })

  it('lets an admin feature and unfeature the post, with a toast each time', async () => {
    fakeAuth.signedIn({ id: 'admin-1', name: 'Ada Admin', email: 'admin@inkwell.test' })
    const fetch = stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'admin-1', role: 'admin' })),
      ...readerRoutes(publicPost(ADMIN_MAY)),
      [`PUT /api/admin/posts/${POST_ID}/featured`]: jsonResponse({ featured: true }),
      [`DELETE /api/admin/posts/${POST_ID}/featured`]: jsonResponse({ featured: false }),
    })
    const { user } = renderLearn()
    await user.click(await screen.findByRole('button', { name: 'Feature' }))
    expect(await screen.findByText('Featured: it now shows in the featured picks.')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Unfeature' }))
    expect(await screen.findByText('No longer featured.')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Feature' })).toBeInTheDocument()
    expect(callsTo(fetch, '/featured').map(([, init]) => init?.method)).toEqual(['PUT', 'DELETE'])
  })

  it('shows an admin that a featured post is featured, and not for an unpublished one', async () => {
    fakeAuth.signedIn({ id: 'admin-1', name: 'Ada Admin', email: 'admin@inkwell.test' })
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'admin-1', role: 'admin' })),
      ...readerRoutes(publicPost({ featured: true, ...ADMIN_MAY })),
    })
    const { unmount } = renderLearn()
    expect(await screen.findByRole('button', { name: 'Unfeature' })).toBeInTheDocument()
    unmount()

    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'admin-1', role: 'admin' })),
      ...readerRoutes(publicPost({ status: 'pending', publishedAt: null, ...ADMIN_MAY })),
    })
    renderLearn()
    await screen.findByRole('button', { name: 'Like' })
    expect(screen.queryByRole('button', { name: /Feature/ })).not.toBeInTheDocument()
  })
})
