import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ReportItem } from '#common/schemas/reports.ts'
import { reportItem } from '#web/test/builders.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { ReportsList } from './reports-list.tsx'

const onPost = reportItem()
const onComment = reportItem({
  id: '9c3e5a1d-0000-4000-8000-000000000002',
  targetType: 'comment',
  targetId: '6f1c1f9e-0000-4000-8000-0000000000c1',
  reason: 'harassment',
  details: '',
  createdAt: '2026-11-21T09:00:00.000Z',
  reporter: { id: 'reader-3', name: 'Li Wei', image: null },
  target: {
    title: 'Waves and tides',
    text: 'You clearly know nothing about tides.',
    author: { id: 'reader-4', name: 'Otto Other', image: null },
    link: '/learn/writer-1/waves-and-tides',
  },
})
const gone = reportItem({
  id: '9c3e5a1d-0000-4000-8000-000000000003',
  targetId: '6f1c1f9e-0000-4000-8000-0000000000a2',
  createdAt: '2026-11-21T08:00:00.000Z',
  target: null,
})

/** A server with reports in a list, filtering on ?status= and resolving like the real one. */
function reportsServer(initial: ReportItem[]) {
  let reports = initial
  return {
    '/api/admin/reports': (url: string) =>
      jsonResponse({ items: reports.filter((r) => r.status === queryOf(url).status), nextCursor: null }),
    [`POST /api/admin/reports/${onPost.id}/resolve`]: (_url: string, init?: RequestInit) => {
      const { action } = bodyOf(init) as { action: 'remove' | 'dismiss' }
      const status = action === 'remove' ? 'removed' : 'dismissed'
      const resolved = { ...onPost, status, resolvedAt: '2026-11-21T12:00:00.000Z' } as const
      reports = reports.map((r) => (r.id === onPost.id ? { ...resolved, target: null } : r))
      return jsonResponse({ ...resolved, target: action === 'remove' ? null : onPost.target })
    },
  }
}

const renderList = () => renderAt(<ReportsList />, '/admin?tab=reports').user

describe('ReportsList', () => {
  it('shows each open report with its target, author, reporter, reason, details and a link to read it', async () => {
    const fetch = stubFetch(reportsServer([onPost, onComment, gone]))
    renderList()

    const post = await screen.findByRole('article', { name: 'Newton’s laws, gently' })
    expect(queryOf(callsTo(fetch, '/api/admin/reports')[0][0])).toMatchObject({ status: 'open' })
    expect(within(post).getByText('Spam or advertising')).toBeInTheDocument()
    expect(
      within(post).getByText('Three laws, one apple, no equations you cannot follow.'),
    ).toBeInTheDocument()
    expect(within(post).getByText('Grace Okafor')).toBeInTheDocument()
    expect(within(post).getByText('Tomás Reyes')).toBeInTheDocument()
    expect(within(post).getByText('“Links to a shop in every paragraph.”')).toBeInTheDocument()
    expect(within(post).getByText(/21 Nov 2026/)).toBeInTheDocument()
    expect(within(post).getByRole('link', { name: 'Read it' })).toHaveAttribute(
      'href',
      '/learn/writer-1/newtons-laws',
    )

    const comment = screen.getByRole('article', { name: 'Comment on “Waves and tides”' })
    expect(within(comment).getByText('You clearly know nothing about tides.')).toBeInTheDocument()
    expect(within(comment).getByText('Harassment or hate')).toBeInTheDocument()
    expect(within(comment).getByRole('button', { name: 'Remove comment…' })).toBeInTheDocument()

    const deleted = screen.getByRole('article', { name: 'A post that has since been deleted' })
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument()
    expect(within(deleted).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    expect(within(deleted).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
  })

  it('shows reports on forum threads and replies, each linking to where it is read', async () => {
    const onThread = reportItem({
      id: '9c3e5a1d-0000-4000-8000-000000000004',
      targetType: 'thread',
      targetId: '7c2e9d10-0000-4000-8000-000000000001',
      target: {
        title: 'Homework answers for sale',
        text: 'DM me for every answer to the mechanics exam.',
        author: { id: 'reader-4', name: 'Otto Other', image: null },
        link: '/forum/physics/7c2e9d10-0000-4000-8000-000000000001',
      },
    })
    const onReply = reportItem({
      id: '9c3e5a1d-0000-4000-8000-000000000005',
      targetType: 'reply',
      targetId: '7c2e9d10-0000-4000-8000-0000000000a1',
      reason: 'harassment',
      target: {
        title: 'Why are there two high tides a day?',
        text: 'Only an idiot would ask this.',
        author: { id: 'reader-4', name: 'Otto Other', image: null },
        link: '/forum/physics/7c2e9d10-0000-4000-8000-000000000002?page=2#reply-7c2e9d10-0000-4000-8000-0000000000a1',
      },
    })
    stubFetch(reportsServer([onThread, onReply]))
    const user = renderList()

    const thread = await screen.findByRole('article', { name: 'Homework answers for sale' })
    expect(within(thread).getByText('Forum thread')).toBeInTheDocument()
    expect(within(thread).getByText('DM me for every answer to the mechanics exam.')).toBeInTheDocument()
    expect(within(thread).getByRole('link', { name: 'Read it' })).toHaveAttribute(
      'href',
      onThread.target!.link,
    )

    const reply = screen.getByRole('article', { name: 'Reply in “Why are there two high tides a day?”' })
    expect(within(reply).getByText('Forum reply')).toBeInTheDocument()
    expect(within(reply).getByText('Only an idiot would ask this.')).toBeInTheDocument()
    expect(within(reply).getByRole('link', { name: 'Read it' })).toHaveAttribute('href', onReply.target!.link)

    await user.click(within(reply).getByRole('button', { name: 'Remove reply…' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this reply?' })
    expect(dialog).toHaveAccessibleDescription(
      /Reply in “Why are there two high tides a day\?” by Otto Other is deleted for everyone .* The thread stays, showing the reply as deleted\./,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.click(within(thread).getByRole('button', { name: 'Remove thread…' }))
    expect(screen.getByRole('dialog', { name: 'Remove this thread?' })).toHaveAccessibleDescription(
      /Its replies go with it\./,
    )
  })

  it('removes the post after a confirmation, and the report moves to Removed', async () => {
    const fetch = stubFetch(reportsServer([onPost]))
    const user = renderList()
    const post = await screen.findByRole('article', { name: 'Newton’s laws, gently' })

    await user.click(within(post).getByRole('button', { name: 'Remove post…' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this post?' })
    expect(dialog).toHaveAccessibleDescription(
      /Newton’s laws, gently by Grace Okafor is deleted for everyone/,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(callsTo(fetch, '/resolve')).toEqual([])

    await user.click(within(post).getByRole('button', { name: 'Remove post…' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this post?' })).getByRole('button', {
        name: 'Remove post',
      }),
    )

    expect(await screen.findByText('The post was removed.')).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/resolve')[0][1])).toEqual({ action: 'remove' })
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Removed' }))
    const removed = await screen.findByRole('article', { name: 'A post that has since been deleted' })
    expect(removed).toHaveTextContent(/Removed on 21 Nov 2026/)
    expect(within(removed).queryByRole('button')).not.toBeInTheDocument()
  })

  it('dismisses a report at once', async () => {
    const fetch = stubFetch(reportsServer([onPost]))
    const user = renderList()
    const post = await screen.findByRole('article', { name: 'Newton’s laws, gently' })
    await user.click(within(post).getByRole('button', { name: 'Dismiss' }))

    expect(await screen.findByText('Report dismissed.')).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/resolve')[0][1])).toEqual({ action: 'dismiss' })
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument()
  })

  it('says when another admin resolved it first, and refreshes the list', async () => {
    let resolved = false
    const fetch = stubFetch({
      '/api/admin/reports': () => jsonResponse({ items: resolved ? [] : [onPost], nextCursor: null }),
      [`POST /api/admin/reports/${onPost.id}/resolve`]: () => {
        resolved = true
        return errorResponse(409, 'conflict', 'This report was already dismissed')
      },
    })
    const user = renderList()
    const post = await screen.findByRole('article', { name: 'Newton’s laws, gently' })
    await user.click(within(post).getByRole('button', { name: 'Dismiss' }))

    expect(await screen.findByText('This report was already dismissed')).toBeInTheDocument()
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/admin/reports').length).toBeGreaterThanOrEqual(2)
  })

  it('loads more reports, passing the cursor', async () => {
    const fetch = stubFetch({
      '/api/admin/reports': (url: string) =>
        queryOf(url).cursor === 'page-2'
          ? jsonResponse({ items: [onComment], nextCursor: null })
          : jsonResponse({ items: [onPost], nextCursor: 'page-2' }),
    })
    const user = renderList()
    await screen.findByRole('article', { name: 'Newton’s laws, gently' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))

    expect(await screen.findByRole('article', { name: 'Comment on “Waves and tides”' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Newton’s laws, gently' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument())
    expect(queryOf(callsTo(fetch, '/api/admin/reports')[1][0])).toMatchObject({ cursor: 'page-2' })
  })

  it('explains a failed load and tries again', async () => {
    let fail = true
    stubFetch({
      '/api/admin/reports': () =>
        fail
          ? errorResponse(403, 'forbidden', 'Only administrators can do this')
          : jsonResponse({ items: [], nextCursor: null }),
    })
    const user = renderList()
    expect(
      await screen.findByText(/The reports could not be loaded/, {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument()
  })
})

describe('ReportsList: a reported book review', () => {
  it('names it as a review of the book, shows its stars and text, and asks before removing the review', async () => {
    const onReview = reportItem({
      id: '9c3e5a1d-0000-4000-8000-000000000009',
      targetType: 'book_review',
      targetId: '7d0c4e2a-0000-4000-8000-000000000001',
      target: {
        title: 'Salt Roads',
        text: '1 out of 5 stars. Buy my course instead!',
        author: { id: 'reader-5', name: 'Rex Rude', image: null },
        link: '/read/5a0b7c1e-0000-4000-8000-0000000000b1#reviews',
      },
    })
    stubFetch({ '/api/admin/reports': jsonResponse({ items: [onReview], nextCursor: null }) })
    const user = renderList()
    const card = await screen.findByRole('article', { name: 'Review of “Salt Roads”' })
    expect(within(card).getByText('Book review')).toBeInTheDocument()
    expect(within(card).getByText('1 out of 5 stars. Buy my course instead!')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Read it' })).toHaveAttribute(
      'href',
      '/read/5a0b7c1e-0000-4000-8000-0000000000b1#reviews',
    )
    await user.click(within(card).getByRole('button', { name: 'Remove review…' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this review?' })
    expect(dialog).toHaveTextContent('The book’s rating is counted again without it')
  })
})
