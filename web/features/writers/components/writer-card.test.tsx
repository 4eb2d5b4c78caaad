import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { writerCard } from '#web/test/builders.ts'
import { renderAt } from '#web/test/render.tsx'
import { WriterCardItem } from './writer-card.tsx'
import { linkLabel } from './writer-header.tsx'

describe('WriterCardItem', () => {
  it('shows initials without a picture, the bio, and the counts, naming its link after the writer', () => {
    const { container } = renderAt(<WriterCardItem writer={writerCard({ posts: 1, likes: 1200 })} />)
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/writer-1')
    expect(container).toHaveTextContent('GO')
    expect(screen.getByText(/Physics teacher in Lagos/)).toBeInTheDocument()
    expect(screen.getByText('1 post')).toBeInTheDocument()
    expect(screen.getByText('1,200 likes')).toBeInTheDocument()
  })

  it('shows what it is given instead of the bio, and says when there is no bio', () => {
    const { unmount } = renderAt(
      <WriterCardItem writer={writerCard()}>
        <mark>Physics</mark> teacher
      </WriterCardItem>,
    )
    expect(screen.getByText('Physics').tagName).toBe('MARK')
    expect(screen.queryByText(/in Lagos/)).not.toBeInTheDocument()
    unmount()
    renderAt(<WriterCardItem writer={writerCard({ bio: '', image: '/files/grace.png' })} label="You" />)
    expect(screen.getByText('No bio yet')).toBeInTheDocument()
    expect(screen.getByText('You')).toBeInTheDocument()
    expect(document.querySelector('img')).toHaveAttribute('src', '/files/grace.png')
  })
})

describe('linkLabel', () => {
  it('shows a link without its scheme, www or trailing slash', () => {
    expect(linkLabel('https://www.grace.example.com/about/')).toBe('grace.example.com/about')
    expect(linkLabel('https://grace.example.com')).toBe('grace.example.com')
    expect(linkLabel('not a url')).toBe('not a url')
  })
})
