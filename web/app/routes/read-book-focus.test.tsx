import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BookPage } from '#common/schemas/books.ts'
import { BOOK_ID, bookPage, chapter, chapterIdOf } from '#web/features/books/books.fixtures.ts'
import { READER_SETTINGS_KEY } from '#web/features/books/lib/reader-settings.ts'
import { bookRoutes, renderBookAt } from '#web/features/books/read-book.fixtures.tsx'
import { stubFetch } from '#web/test/fetch.ts'
import ReadBook from './read-book.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

// Focus mode (decision 054): the reader asks the root layout for no chrome by drawing
// data-focus-mode; the layout's CSS hides the header and footer (e2e/installable.spec.ts sees them
// go in Chromium). Here: the state, the toggle, Escape, focus and what is announced.

const OWNED = { owned: true, readsAll: true } satisfies Partial<BookPage>
const at = (n: number) => `/read/${BOOK_ID}?chapter=${chapterIdOf(n)}`
const focusMode = () => document.querySelector('[data-focus-mode]')
const toggle = () => screen.getByRole('button', { name: 'Focus' })
const announced = () => document.getElementById('inkwell-announcer')?.textContent

beforeEach(() => {
  localStorage.clear()
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

async function openChapter() {
  stubFetch({ ...bookRoutes(bookPage(OWNED), [chapter(1), chapter(2)]) })
  const rendered = renderBookAt(<ReadBook />, at(1))
  await screen.findByText('The text of chapter 1.')
  return rendered
}

describe('Focus mode in the reader', () => {
  it('is on when a chapter opens, as a book app opens a book', async () => {
    await openChapter()
    expect(focusMode()).not.toBeNull()
    expect(toggle()).toHaveAttribute('aria-pressed', 'true')
    expect(toggle()).toHaveAttribute('aria-keyshortcuts', 'Escape')
    // The contents leave the side of the text (on wide screens): the bar's Contents button opens them.
    expect(screen.getByRole('navigation', { name: 'Contents', hidden: true })).not.toHaveClass('xl:block')
    expect(screen.getByRole('button', { name: 'Contents' })).not.toHaveClass('xl:hidden')
  })

  it('leaves the menus on the book’s own page', async () => {
    stubFetch({ ...bookRoutes(bookPage(OWNED), [chapter(1)]) })
    renderBookAt(<ReadBook />, `/read/${BOOK_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'The Lighthouse Keeper' })
    expect(focusMode()).toBeNull()
  })

  it('Escape brings the menus back, says so, and leaves focus where it was', async () => {
    const { user } = await openChapter()
    const next = screen.getByRole('link', { name: /Next/ })
    next.focus()
    await user.keyboard('{Escape}')
    expect(focusMode()).toBeNull()
    expect(toggle()).toHaveAttribute('aria-pressed', 'false')
    expect(document.activeElement).toBe(next)
    await waitFor(() => expect(announced()).toBe("The site's menus are back."))
    // Once they are back, Escape has nothing more to do.
    await user.keyboard('{Escape}')
    expect(toggle()).toHaveAttribute('aria-pressed', 'false')
  })

  it('the Focus toggle works by keyboard, both ways, keeping focus on itself', async () => {
    const { user } = await openChapter()
    toggle().focus()
    await user.keyboard('{Enter}')
    expect(focusMode()).toBeNull()
    expect(document.activeElement).toBe(toggle())
    await user.keyboard(' ')
    expect(focusMode()).not.toBeNull()
    expect(toggle()).toHaveAttribute('aria-pressed', 'true')
    expect(document.activeElement).toBe(toggle())
    await waitFor(() =>
      expect(announced()).toBe("Focus mode: the site's menus are hidden. Press Escape to bring them back."),
    )
  })

  it('Escape closes the open reading settings first, and focus mode stays', async () => {
    const { user } = await openChapter()
    await user.click(screen.getByRole('button', { name: 'Reading settings' }))
    expect(screen.getByRole('region', { name: 'Reading settings' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Reading settings' })).not.toBeInTheDocument()
    expect(focusMode()).not.toBeNull()
  })

  it('the theme colours the whole window, not only the text column, until the reader is left', async () => {
    localStorage.setItem(
      READER_SETTINGS_KEY,
      JSON.stringify({ fontStep: 1, theme: 'sepia', width: 'medium' }),
    )
    const { unmount } = await openChapter()
    expect(document.documentElement).toHaveClass('bg-[#f6efdf]')
    expect(document.documentElement).not.toHaveClass('text-[#433422]')
    expect(screen.getByTestId('reader-page')).toHaveClass('bg-[#f6efdf]')
    unmount()
    expect(document.documentElement).not.toHaveClass('bg-[#f6efdf]')
  })
})
