import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PostSummary } from '#common/schemas/posts.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Topics from './topics.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

function summary(n: number, overrides: Partial<PostSummary> = {}): PostSummary {
  return PostSummary.parse({
    id: `7d0f3a52-0000-4000-8000-${String(n).padStart(12, '0')}`,
    authorId: 'user-1',
    category: 'fiction',
    subjectSlug: null,
    title: `Story number ${n}`,
    slug: `story-${n}`,
    excerpt: '',
    coverImage: null,
    tags: [],
    access: 'free',
    status: 'draft',
    rejectionReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    publishedAt: null,
    emailSubscribers: true,
    likes: 0,
    comments: 0,
    views: 0,
    ...overrides,
  })
}

describe('My posts', () => {
  it('lists posts by status tab, with edit and view links, and loads more', async () => {
    fakeAuth.signedIn()
    const fetch = stubFetch({
      '/api/me/posts': (url) => {
        const q = queryOf(url)
        if (q.status === 'published')
          return jsonResponse({
            items: [summary(3, { status: 'published', title: 'Out there', views: 1204, likes: 1 })],
            nextCursor: null,
          })
        if (q.cursor === 'c1') return jsonResponse({ items: [summary(2)], nextCursor: null })
        return jsonResponse({
          items: [summary(1, { category: 'academic', subjectSlug: 'physics' })],
          nextCursor: 'c1',
        })
      },
    })
    const { user } = renderAt(<Topics />, '/topics')

    expect(await screen.findByText('Story number 1')).toBeInTheDocument()
    expect(screen.getByText('Academic')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit “Story number 1”' })).toHaveAttribute(
      'href',
      '/post?id=7d0f3a52-0000-4000-8000-000000000001',
    )
    expect(screen.queryByRole('link', { name: /View/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Story number 2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Published' }))
    expect(await screen.findByText('Out there')).toBeInTheDocument()
    expect(screen.queryByText('Story number 1')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View “Out there”' })).toHaveAttribute(
      'href',
      '/learn/user-1/story-3',
    )
    expect(queryOf(callsTo(fetch, '/api/me/posts').at(-1)?.[0])).toEqual({ status: 'published' })
    // Published posts say how they are doing.
    expect(screen.getByText('1,204 views')).toBeInTheDocument()
    expect(screen.getByText('1 like')).toBeInTheDocument()
  })

  it('shows the reviewer’s note on a rejected post', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me/posts': jsonResponse({
        items: [summary(4, { status: 'rejected', rejectionReason: 'Cite the sources for the figures.' })],
        nextCursor: null,
      }),
    })
    renderAt(<Topics />, '/topics')
    const note = await screen.findByText('Cite the sources for the figures.')
    const row = note.closest('li')!
    expect(within(row).getByText('Rejected')).toBeInTheDocument()
    expect(within(row).queryByText(/views/)).not.toBeInTheDocument()
  })

  it('deletes a post only after the confirmation', async () => {
    fakeAuth.signedIn()
    let items = [summary(1), summary(2)]
    const fetch = stubFetch({
      '/api/me/posts': () => jsonResponse({ items, nextCursor: null }),
      'DELETE /api/posts/7d0f3a52-0000-4000-8000-000000000001': () => {
        items = items.slice(1)
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderAt(<Topics />, '/topics')

    await user.click(await screen.findByRole('button', { name: 'Delete “Story number 1”' }))
    let dialog = screen.getByRole('dialog', { name: 'Delete this post?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Delete “Story number 1”' }))
    dialog = screen.getByRole('dialog', { name: 'Delete this post?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }))
    expect(await screen.findByText('The post is deleted.')).toBeInTheDocument()
    expect(screen.queryByText('Story number 1')).not.toBeInTheDocument()
    expect(screen.getByText('Story number 2')).toBeInTheDocument()
  })

  it('invites a first post when there is none', async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me/posts': jsonResponse({ items: [], nextCursor: null }) })
    renderAt(<Topics />, '/topics')
    expect(await screen.findByRole('link', { name: 'Write your first post' })).toHaveAttribute(
      'href',
      '/post',
    )
    expect(screen.getByRole('link', { name: /New post/ })).toHaveAttribute('href', '/post')
  })
})

describe('My posts: newsletters', () => {
  const published = (n: number, overrides: Partial<PostSummary> = {}) =>
    summary(n, { status: 'published', publishedAt: '2026-11-21T10:00:00.000Z', ...overrides })

  it('shows each published post’s newsletter figures, from one request for the page’s published posts', async () => {
    fakeAuth.signedIn()
    const fetch = stubFetch({
      '/api/me/posts': jsonResponse({
        items: [published(1, { title: 'Mailed' }), published(2, { title: 'Not mailed' }), summary(3)],
        nextCursor: null,
      }),
      '/api/me/newsletters/stats': jsonResponse([
        { postId: summary(1).id, recipients: 1204, sent: 1190, failed: 3, bounced: 11, unsubscribes: 2 },
        { postId: summary(2).id, recipients: 0, sent: 0, failed: 0, bounced: 0, unsubscribes: 0 },
      ]),
    })
    renderAt(<Topics />, '/topics')
    const mailed = (await screen.findByRole('heading', { name: 'Mailed' })).closest('li') as HTMLElement
    expect(await within(mailed).findByText('Newsletter')).toBeInTheDocument()
    const terms = within(mailed)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)
    expect(terms).toEqual(['recipients 1,204', 'sent 1,190', 'failed 3', 'bounced 11', 'unsubscribed 2'])
    // A newsletter that went to no one, and a draft, show nothing.
    const notMailed = screen.getByRole('heading', { name: 'Not mailed' }).closest('li') as HTMLElement
    expect(within(notMailed).queryByText('Newsletter')).not.toBeInTheDocument()
    const draft = screen.getByRole('heading', { name: 'Story number 3' }).closest('li') as HTMLElement
    expect(within(draft).queryByText('Newsletter')).not.toBeInTheDocument()

    const calls = callsTo(fetch, '/api/me/newsletters/stats')
    expect(calls).toHaveLength(1)
    expect(queryOf(calls[0][0]).postIds.split(',')).toEqual([summary(1).id, summary(2).id])
  })

  it('asks for no figures when nothing was ever published', async () => {
    fakeAuth.signedIn()
    const fetch = stubFetch({ '/api/me/posts': jsonResponse({ items: [summary(1)], nextCursor: null }) })
    renderAt(<Topics />, '/topics')
    expect(await screen.findByText('Story number 1')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/me/newsletters/stats')).toHaveLength(0)
  })

  it('says in words when the figures could not be read, and tries again', async () => {
    fakeAuth.signedIn()
    let down = true
    stubFetch({
      '/api/me/posts': jsonResponse({ items: [published(1, { title: 'Mailed' })], nextCursor: null }),
      '/api/me/newsletters/stats': () =>
        down
          ? jsonResponse({ error: { code: 'bad_request', message: 'Ask for at most 50 posts' } }, 400)
          : jsonResponse([
              { postId: summary(1).id, recipients: 5, sent: 5, failed: 0, bounced: 0, unsubscribes: 0 },
            ]),
    })
    const { user } = renderAt(<Topics />, '/topics')
    expect(
      await screen.findByText(/We couldn't load your newsletter figures\. Ask for at most 50 posts/),
    ).toBeInTheDocument()
    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Newsletter')).toBeInTheDocument()
    expect(screen.queryByText(/We couldn't load your newsletter figures/)).not.toBeInTheDocument()
  })
})
