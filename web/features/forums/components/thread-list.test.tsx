import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ThreadSummary } from '#common/schemas/forums.ts'
import { threadSummary } from '#web/test/forum-builders.ts'
import { renderAt } from '#web/test/render.tsx'
import { ThreadList } from './thread-list.tsx'

const show = (threads: ThreadSummary[], more: { hasMore?: boolean; onLoadMore?: () => void } = {}) =>
  renderAt(<ThreadList threads={threads} empty={<p>Nothing here</p>} {...more} />)

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement

describe('ThreadList', () => {
  it('shows each thread’s title, author, replies and latest activity', () => {
    show([threadSummary()])
    expect(screen.getByRole('link', { name: 'Why is 0.999… equal to 1?' })).toHaveAttribute(
      'href',
      '/forum/mathematics/c1a7e0d2-0000-4000-8000-000000000001',
    )
    const row = rowOf('Why is 0.999… equal to 1?')
    expect(row).toHaveTextContent('Started by Tomás Reyes · 3 days ago')
    expect(row).toHaveTextContent('2 replies')
    expect(row).toHaveTextContent('Grace Okafor replied 2 hours ago')
    expect(within(row).queryByText('New')).not.toBeInTheDocument()
  })

  it('marks pinned, locked and answered threads, and what the reader has not seen', () => {
    show([
      threadSummary({ id: 't1', title: 'Read this first', pinned: true, readState: 'unseen' }),
      threadSummary({ id: 't2', title: 'Closed topic', locked: true, readState: 'unread', newReplies: 3 }),
      threadSummary({ id: 't3', title: 'Solved', answered: true, lastReplyBy: null, replyCount: 0 }),
    ])
    const pinned = rowOf('Read this first')
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument()
    expect(within(pinned).getByText('New')).toBeInTheDocument()
    const locked = rowOf('Closed topic')
    expect(within(locked).getByText('Locked')).toBeInTheDocument()
    expect(locked).toHaveTextContent('3 new replies')
    expect(within(locked).queryByText('Pinned')).not.toBeInTheDocument()
    const solved = rowOf('Solved')
    expect(within(solved).getByText('Answered')).toBeInTheDocument()
    expect(solved).toHaveTextContent('0 replies')
    expect(solved).toHaveTextContent('Posted 2 hours ago')
  })

  it('loads more when there are more', async () => {
    const onLoadMore = vi.fn()
    const { user } = show([threadSummary()], { hasMore: true, onLoadMore })
    await user.click(screen.getByRole('button', { name: 'Load more threads' }))
    expect(onLoadMore).toHaveBeenCalledOnce()
  })

  it('offers no Load more at the end, and shows the empty state without threads', () => {
    const { unmount } = show([threadSummary()], { hasMore: false, onLoadMore: vi.fn() })
    expect(screen.queryByRole('button', { name: 'Load more threads' })).not.toBeInTheDocument()
    unmount()
    show([])
    expect(screen.getByText('Nothing here')).toBeInTheDocument()
  })
})
