import { screen, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { POST_TOC_MIN_HEADINGS } from '#common/constants.ts'
import { publicPost } from '#web/test/builders.ts'
import { stubFetch } from '#web/test/fetch.ts'
import { POST_PATH, readerRoutes, renderLearn } from './learn.fixtures.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

// The reader's map of a post: anchors on its headings, "On this page" for a long one, the
// reading progress, the shape of the post while it loads, and addresses that name a section.

const LESSON = publicPost({
  bodyHtml:
    '<p>Ask a class.</p><h2>The thought experiment</h2><p>…</p><h2>The experiment on the Moon</h2><p>…</p>' +
    '<h2>The one-line reason</h2><p>…</p><h3>What to write in the exam</h3><p>…</p>',
})

describe('Learn: the map of a post', () => {
  it('shows the shape of the post while it loads, announced as loading, with no spinner', async () => {
    stubFetch({ ...readerRoutes(), [POST_PATH]: () => new Promise<Response>(() => {}) })
    renderLearn()
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the post…')
    expect(document.querySelector('.animate-spin')).toBeNull()
  })

  it(`gives a post with ${POST_TOC_MIN_HEADINGS} or more headings "On this page", beside it and above the body`, async () => {
    stubFetch(readerRoutes(LESSON))
    renderLearn()
    await screen.findByRole('heading', { level: 1 })
    // Both are on the page; the stylesheet shows the sidebar on wide screens and the disclosure on others.
    const disclosure = screen.getByRole('navigation', { name: 'Contents' })
    const sidebar = screen.getByRole('navigation', { name: 'On this page' })
    for (const nav of [disclosure, sidebar])
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual([
        '#the-thought-experiment',
        '#the-experiment-on-the-moon',
        '#the-one-line-reason',
        '#what-to-write-in-the-exam',
      ])
    expect(within(disclosure).getByText('Contents')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'The one-line reason' })).toHaveAttribute(
      'id',
      'the-one-line-reason',
    )
    expect(screen.getByTestId('reading-progress')).toHaveAttribute('aria-hidden', 'true')
  })

  it('gives a short post anchors and the progress bar, but no map', async () => {
    stubFetch(readerRoutes())
    renderLearn()
    expect(await screen.findByRole('link', { name: 'Link to this section: The first law' })).toHaveAttribute(
      'href',
      '#the-first-law',
    )
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument()
    expect(screen.getByTestId('reading-progress')).toBeInTheDocument()
  })

  it('shows neither the map nor the progress bar for a locked post', async () => {
    stubFetch(readerRoutes(publicPost({ access: 'subscribers', bodyHtml: null, locked: true })))
    renderLearn()
    await screen.findByRole('heading', { name: 'This post is for subscribers' })
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('reading-progress')).not.toBeInTheDocument()
  })

  it('lands on the section an address names once the post has arrived', async () => {
    // jsdom lays nothing out, so it has no scrollIntoView to spy on.
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
    })
    stubFetch(readerRoutes(LESSON))
    renderLearn('#the-one-line-reason')
    const heading = await screen.findByRole('heading', { level: 2, name: 'The one-line reason' })
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1))
    expect(scrolled.mock.contexts[0]).toBe(heading)
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' })
  })

  it('puts a heading’s own "#" link in the address through the router', async () => {
    stubFetch(readerRoutes(LESSON))
    const { user, router } = renderLearn()
    await user.click(
      await screen.findByRole('link', { name: 'Link to this section: The thought experiment' }),
    )
    expect(router.state.location.hash).toBe('#the-thought-experiment')
    expect(screen.getByRole('heading', { name: 'The thought experiment' })).toHaveFocus()
  })
})
