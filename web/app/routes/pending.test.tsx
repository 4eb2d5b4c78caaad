import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PostSummary, PublicPost, type ReviewItem } from '#common/schemas/posts.ts'
import { ADMIN_ID, meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Pending from './pending.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const POST_ID = '6f1c1f9e-0000-4000-8000-0000000000b1'

function summary(overrides: Partial<PostSummary> = {}): PostSummary {
  return PostSummary.parse({
    id: POST_ID,
    authorId: 'writer-1',
    category: 'fiction',
    subjectSlug: null,
    title: 'The lighthouse keeper',
    slug: 'the-lighthouse-keeper',
    excerpt: 'A storm, a lamp, and a visitor nobody expected.',
    coverImage: null,
    tags: [],
    access: 'free',
    status: 'pending',
    rejectionReason: null,
    createdAt: '2026-11-18T08:00:00.000Z',
    updatedAt: '2026-11-19T08:00:00.000Z',
    publishedAt: null,
    emailSubscribers: true,
    likes: 0,
    comments: 0,
    views: 0,
    ...overrides,
  })
}

const AUTHOR = { id: 'writer-1', name: 'Grace Okafor', image: null }
type ReviewFacts = Partial<Pick<ReviewItem, 'wordCount' | 'opening' | 'hasBody' | 'sameTitleCount'>>

/** The review queue carries each post's author and what helps decide; a writer's own lists do not. */
const page = (items: (PostSummary & ReviewFacts)[], nextCursor: string | null = null) =>
  jsonResponse({
    items: items.map((item) => ({
      wordCount: 1240,
      opening: 'The lamp had not gone out in forty years.',
      hasBody: true,
      sameTitleCount: 0,
      ...item,
      author: AUTHOR,
    })),
    nextCursor,
  })

const preview = PublicPost.parse({
  ...summary(),
  author: { id: 'writer-1', name: 'Grace Okafor', image: null },
  bodyHtml: '<p>The lamp had not gone out in forty years.</p>',
  locked: false,
  likes: 0,
  liked: false,
  comments: 0,
  views: 0,
  featured: false,
  canEdit: false,
  canFeature: true,
  canReport: true,
})

function myPosts(pending: PostSummary[], rejected: PostSummary[]) {
  return (url: string) => page(queryOf(url).status === 'rejected' ? rejected : pending)
}

describe('Pending, for a writer', () => {
  beforeEach(() => {
    fakeAuth.signedIn({ id: 'writer-1', name: 'Grace Okafor', email: 'grace@inkwell.test' })
  })

  it('shows their waiting and rejected posts, with the reviewer’s reason, and no review queue', async () => {
    const fetch = stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1', name: 'Grace Okafor' })),
      '/api/me/books': jsonResponse({ items: [], nextCursor: null }),
      '/api/me/posts': myPosts(
        [summary()],
        [
          summary({
            id: '6f1c1f9e-0000-4000-8000-0000000000b2',
            title: 'Notes from the harbour',
            status: 'rejected',
            rejectionReason: 'The ending needs another pass.',
          }),
        ],
      ),
    })
    renderAt(<Pending />, '/pending')
    const waiting = await screen.findByRole('region', { name: 'Waiting for review' })
    expect(await within(waiting).findByText('The lighthouse keeper')).toBeInTheDocument()
    const changes = screen.getByRole('region', { name: 'Needs changes' })
    expect(await within(changes).findByText('The ending needs another pass.')).toBeInTheDocument()
    expect(within(changes).getByRole('link', { name: 'Edit Notes from the harbour' })).toHaveAttribute(
      'href',
      '/post?id=6f1c1f9e-0000-4000-8000-0000000000b2',
    )
    expect(screen.queryByRole('region', { name: 'Review queue' })).not.toBeInTheDocument()
    expect(callsTo(fetch, '/api/admin/review')).toHaveLength(0)
  })

  it('says when nothing is waiting', async () => {
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1' })),
      '/api/me/books': jsonResponse({ items: [], nextCursor: null }),
      '/api/me/posts': myPosts([], []),
    })
    renderAt(<Pending />, '/pending')
    expect(await screen.findByText('Nothing waiting for review')).toBeInTheDocument()
    expect(await screen.findByText('Nothing needs changes')).toBeInTheDocument()
  })
})

describe('Pending, for an admin', () => {
  beforeEach(() => {
    fakeAuth.signedIn({ id: ADMIN_ID, name: 'Ada Admin', email: 'admin@inkwell.test' })
  })

  function stubAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
    return stubFetch({
      '/api/me': jsonResponse(meBody({ id: ADMIN_ID, name: 'Ada Admin', role: 'admin' })),
      '/api/me/books': jsonResponse({ items: [], nextCursor: null }),
      '/api/me/posts': myPosts([], []),
      '/api/posts/by/writer-1/the-lighthouse-keeper': jsonResponse(preview),
      '/api/admin/exams/review': jsonResponse({ items: [], nextCursor: null }),
      '/api/admin/books/review': jsonResponse({ items: [], nextCursor: null }),
      ...routes,
    })
  }

  it('shows the review queue first, with a preview of each post', async () => {
    const fetch = stubAdmin({ '/api/admin/review': page([summary()]) })
    const { user } = renderAt(<Pending />, '/pending')
    const queue = await screen.findByRole('region', { name: 'Review queue' })
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))
    expect(regions[0]).toBe('review-queue-title')
    const item = await within(queue).findByRole('listitem', { name: 'The lighthouse keeper' })
    expect(await within(item).findByText('by Grace Okafor')).toBeInTheDocument()
    // The queue names the author itself: a post is only fetched when its preview is opened.
    expect(callsTo(fetch, '/api/posts/by/writer-1/the-lighthouse-keeper')).toHaveLength(0)
    await user.click(within(item).getByRole('button', { name: 'Preview' }))
    expect(await within(item).findByText('The lamp had not gone out in forty years.')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/posts/by/writer-1/the-lighthouse-keeper')).toHaveLength(1)
  })

  it('shows on each card its length and opening, and warns of an empty body or a repeated title', async () => {
    stubAdmin({
      '/api/admin/review': page([
        summary(),
        {
          ...summary({
            id: '6f1c1f9e-0000-4000-8000-0000000000b4',
            slug: 'the-lighthouse-keeper-2',
            excerpt: '',
          }),
          wordCount: 0,
          opening: '',
          hasBody: false,
          sameTitleCount: 2,
        },
      ]),
    })
    renderAt(<Pending />, '/pending')
    const [full, blank] = await screen.findAllByRole('listitem', { name: 'The lighthouse keeper' })
    expect(within(full).getByText('1,240 words')).toBeInTheDocument()
    expect(within(full).getByText('The lamp had not gone out in forty years.')).toBeInTheDocument()
    expect(within(full).queryByText(/with this title/)).not.toBeInTheDocument()
    expect(within(full).getByRole('button', { name: 'Approve' })).toBeEnabled()

    expect(within(blank).getByText('0 words')).toBeInTheDocument()
    expect(within(blank).getByText(/has no text and no image, so it can’t be approved/)).toBeInTheDocument()
    expect(within(blank).getByText(/Grace Okafor has 2 other posts with this title/)).toBeInTheDocument()
    expect(within(blank).getByRole('button', { name: 'Approve' })).toBeDisabled()
    expect(within(blank).getByRole('button', { name: 'Reject' })).toBeEnabled()
  })

  it('approves a post and refreshes the queue', async () => {
    let queue = [summary()]
    const fetch = stubAdmin({
      '/api/admin/review': () => page(queue),
      [`POST /api/admin/posts/${POST_ID}/approve`]: () => {
        queue = []
        return jsonResponse({ ...summary({ status: 'published' }), bodyHtml: '' })
      },
    })
    const { user } = renderAt(<Pending />, '/pending')
    const item = await screen.findByRole('listitem', { name: 'The lighthouse keeper' })
    await user.click(within(item).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('“The lighthouse keeper” is published')).toBeInTheDocument()
    const queueRegion = screen.getByRole('region', { name: 'Review queue' })
    expect(await within(queueRegion).findByText('The review queue is empty')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/admin/review')).toHaveLength(2)
  })

  it('rejects a post only with a reason, and sends it', async () => {
    const fetch = stubAdmin({
      '/api/admin/review': page([summary()]),
      [`POST /api/admin/posts/${POST_ID}/reject`]: jsonResponse({
        ...summary({ status: 'rejected', rejectionReason: 'Needs sources' }),
        bodyHtml: '',
      }),
    })
    const { user } = renderAt(<Pending />, '/pending')
    const item = await screen.findByRole('listitem', { name: 'The lighthouse keeper' })
    await user.click(within(item).getByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('dialog', { name: 'Send “The lighthouse keeper” back?' })

    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(await within(dialog).findByText('Tell the author why')).toBeInTheDocument()
    expect(callsTo(fetch, '/reject')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('What should change?'), '  Needs sources  ')
    expect(within(dialog).getByText('17/500')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [[, init]] = callsTo(fetch, '/reject')
    expect(bodyOf(init)).toEqual({ reason: 'Needs sources' })
    expect(await screen.findByText('“The lighthouse keeper” was sent back to its author')).toBeInTheDocument()
  })

  it('loads the next page of the queue', async () => {
    const fetch = stubAdmin({
      '/api/admin/review': (url) =>
        queryOf(url).cursor === 'next'
          ? page([
              summary({ id: '6f1c1f9e-0000-4000-8000-0000000000b3', title: 'Second story', slug: 'second' }),
            ])
          : page([summary()], 'next'),
      '/api/posts/by/writer-1/second': jsonResponse({ ...preview, title: 'Second story', slug: 'second' }),
    })
    const { user } = renderAt(<Pending />, '/pending')
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('listitem', { name: 'Second story' })).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/admin/review')[1][0]).cursor).toBe('next')
  })
})
