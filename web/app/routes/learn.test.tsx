import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PublicPost } from '#common/schemas/posts.ts'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Learn from './learn.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const POST_PATH = '/api/posts/by/writer-1/newtons-laws'

function publicPost(overrides: Partial<PublicPost> = {}): PublicPost {
  return PublicPost.parse({
    id: '6f1c1f9e-0000-4000-8000-0000000000a1',
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    category: 'academic',
    subjectSlug: 'physics',
    title: 'Newton’s laws, gently',
    slug: 'newtons-laws',
    excerpt: 'Three laws, one apple, no equations you cannot follow.',
    coverImage: null,
    tags: ['mechanics', 'beginners'],
    access: 'free',
    status: 'published',
    publishedAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    bodyHtml: '<h2>The first law</h2><p>An object at rest stays at rest.</p>',
    locked: false,
    ...overrides,
  })
}

const renderLearn = () =>
  renderRoutes([{ path: '/learn/:uid/:topic', element: <Learn /> }], '/learn/writer-1/newtons-laws')

beforeEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove()
})

describe('Learn (the reader)', () => {
  it('shows the post, its author and its body, and names the page after it', async () => {
    stubFetch({ [POST_PATH]: jsonResponse(publicPost()) })
    renderLearn()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Newton’s laws, gently' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'The first law' })).toBeInTheDocument()
    expect(screen.getByText('1 min read')).toBeInTheDocument()
    expect(screen.getByText(/^Academic/)).toHaveTextContent('Academic/Physics')
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/writer-1')
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/writer/writer-1')
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('#mechanics')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(document.title).toBe('Newton’s laws, gently · Inkwell')
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Three laws, one apple, no equations you cannot follow.',
    )
  })

  it('shows the excerpt and a subscribe prompt, and no body, when the post is locked', async () => {
    stubFetch({
      [POST_PATH]: jsonResponse(publicPost({ access: 'subscribers', bodyHtml: null, locked: true })),
    })
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
      [POST_PATH]: jsonResponse(publicPost({ status: 'pending', publishedAt: null })),
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
