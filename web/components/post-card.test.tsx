import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { postCard } from '#web/test/builders.ts'
import { renderAt } from '#web/test/render.tsx'
import { PostCardItem } from './post-card.tsx'

describe('PostCardItem', () => {
  it('links the title to the post, the author to their page, and the subject and tags to lists', () => {
    renderAt(<PostCardItem post={postCard()} />)
    const article = screen.getByRole('article')
    expect(within(article).getByRole('heading', { level: 3 })).toHaveTextContent('Newton’s laws, gently')
    expect(screen.getByRole('link', { name: 'Newton’s laws, gently' })).toHaveAttribute(
      'href',
      '/learn/writer-1/newtons-laws',
    )
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/writer-1')
    expect(screen.getByRole('link', { name: 'Physics' })).toHaveAttribute('href', '/subject/physics')
    expect(screen.getByRole('link', { name: '#mechanics' })).toHaveAttribute(
      'href',
      '/contents?tag=mechanics',
    )
    expect(screen.getByText('Three laws, one apple, no equations you cannot follow.')).toBeInTheDocument()
    // Relative while recent, the exact date and time (UTC) on hover: read it from the hover text.
    const date = screen.getByTitle('20 Nov 2026, 09:30 UTC')
    expect(date.tagName).toBe('TIME')
    expect(date).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z')
  })

  it('says each count in words for screen readers', () => {
    renderAt(<PostCardItem post={postCard({ likes: 1, comments: 0, views: 1234 })} />)
    const reactions = screen.getByRole('list', { name: 'Reactions' })
    expect(within(reactions).getByText('1 like')).toBeInTheDocument()
    expect(within(reactions).getByText('0 comments')).toBeInTheDocument()
    expect(within(reactions).getByText('1,234 views')).toBeInTheDocument()
    // On screen the number is short.
    expect(within(reactions).getByText('1.2K')).toBeInTheDocument()
  })

  it('marks featured and subscribers-only posts, and only those', () => {
    const { unmount } = renderAt(<PostCardItem post={postCard()} />)
    expect(screen.queryByText('Featured')).not.toBeInTheDocument()
    expect(screen.queryByText('Subscribers')).not.toBeInTheDocument()
    unmount()
    renderAt(<PostCardItem post={postCard({ featured: true, access: 'subscribers' })} variant="row" />)
    expect(screen.getByText('Featured')).toBeInTheDocument()
    expect(screen.getByText('Subscribers')).toBeInTheDocument()
  })

  it('leaves the featured badge out where every post is featured', () => {
    renderAt(<PostCardItem post={postCard({ featured: true })} featuredBadge={false} />)
    expect(screen.queryByText('Featured')).not.toBeInTheDocument()
  })

  it('shows what it is given instead of the excerpt', () => {
    renderAt(
      <PostCardItem post={postCard()}>
        <mark>Newton</mark> made motion simple.
      </PostCardItem>,
    )
    expect(screen.getByText('Newton')).toContainHTML('mark')
    expect(screen.queryByText(/Three laws, one apple/)).not.toBeInTheDocument()
  })

  it('shows the cover when there is one, and a typeset panel when not', () => {
    const { container, unmount } = renderAt(
      <PostCardItem post={postCard({ coverImage: '/api/files/covers/abc.jpg' })} variant="lead" />,
    )
    expect(container.querySelector('img[src="/api/files/covers/abc.jpg"]')).toHaveAttribute('alt', '')
    unmount()
    const other = renderAt(<PostCardItem post={postCard({ category: 'fiction', subjectSlug: null })} />)
    expect(other.container.querySelector('img')).toBeNull()
    expect(screen.getByText('Fiction', { selector: '[aria-hidden] span' })).toBeInTheDocument()
  })
})
