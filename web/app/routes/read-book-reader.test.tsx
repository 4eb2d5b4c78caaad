import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BookPage } from '#common/schemas/books.ts'
import { BOOK_ID, bookPage, chapter, chapterIdOf } from '#web/features/books/books.fixtures.ts'
import { READER_SETTINGS_KEY, READER_SETTINGS_SAVE_MS } from '#web/features/books/lib/reader-settings.ts'
import { POSITION_SAVE_DELAY_MS } from '#web/features/books/lib/reading-position.ts'
import {
  BOOK_PATH,
  bookRoutes,
  POSITION_PATH,
  renderBookAt,
  signInAs,
} from '#web/features/books/read-book.fixtures.tsx'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import ReadBook from './read-book.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const OWNED = { owned: true, readsAll: true } satisfies Partial<BookPage>
const at = (n: number) => `/read/${BOOK_ID}?chapter=${chapterIdOf(n)}`
const address = () => screen.getAllByTestId('location')[0].textContent

/** A chapter body 2,768 px tall, 200 px below the top of the page: 2,000 px of scrolling (768 px window). */
function layOutChapter() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.hasAttribute('data-chapter-body') ? 200 - window.scrollY : 0
    const height = this.hasAttribute('data-chapter-body') ? 2768 : 0
    return {
      top,
      height,
      bottom: top + height,
      left: 0,
      right: 0,
      width: 0,
      x: 0,
      y: top,
      toJSON() {},
    } as DOMRect
  })
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true })
  fireEvent.scroll(window)
}

/** The PUT position requests: their bodies and whether they were sent with keepalive. */
const saves = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, '/position').map(([, init]) => {
    // Each place says when the reader was there (decision 056).
    const { at, ...body } = bodyOf(init) as { at: string }
    expect(Date.parse(at)).not.toBeNaN()
    return { ...body, keepalive: init?.keepalive }
  })

const saved = (position: unknown) =>
  jsonResponse({ ...(position as object), updatedAt: '2026-11-03T10:00:00.000Z' })

beforeEach(() => {
  localStorage.clear()
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true })
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

describe('The reader', () => {
  it('reads one chapter at a time, typeset with its number and title, and names the tab after it', async () => {
    stubFetch({ ...bookRoutes(bookPage(OWNED), [chapter(1)]) })
    renderBookAt(<ReadBook />, at(1))
    expect(await screen.findByRole('heading', { level: 1, name: 'The light goes out' })).toBeInTheDocument()
    expect(screen.getByText('Chapter 1', { selector: 'p' })).toBeInTheDocument()
    expect(await screen.findByText('The text of chapter 1.')).toBeInTheDocument()
    expect(screen.getByText(/Chapter 1 of 3 · 0%/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Next.*A ship in the fog/ })).toHaveAttribute('href', at(2))
    expect(screen.getByRole('link', { name: 'The Lighthouse Keeper' })).toHaveAttribute(
      'href',
      `/read/${BOOK_ID}`,
    )
    expect(document.title).toBe('The light goes out · The Lighthouse Keeper · Inkwell')
  })

  it('turns chapters with the arrow keys, but not while typing in a field', async () => {
    stubFetch({ ...bookRoutes(bookPage(OWNED), [chapter(1), chapter(2)]) })
    const { user } = renderBookAt(
      <>
        <ReadBook />
        <input aria-label="A note" />
      </>,
      at(1),
    )
    await screen.findByText('The text of chapter 1.')
    await user.keyboard('{ArrowLeft}')
    expect(address()).toBe(at(1))
    await user.keyboard('{ArrowRight}')
    expect(address()).toBe(at(2))
    expect(await screen.findByText('The text of chapter 2.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'A ship in the fog' })).toBeInTheDocument()

    await user.click(screen.getByRole('textbox', { name: 'A note' }))
    await user.keyboard('{ArrowLeft}')
    expect(address()).toBe(at(2))
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}')
    expect(address()).toBe(at(2))

    screen.getByRole('textbox', { name: 'A note' }).blur()
    await user.keyboard('{ArrowLeft}')
    expect(address()).toBe(at(1))
  })

  it('opens the contents as a dialog, the current chapter marked, and closes it on a choice', async () => {
    stubFetch({ ...bookRoutes(bookPage(OWNED), [chapter(1), chapter(2)]) })
    const { user } = renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    await user.click(screen.getByRole('button', { name: 'Contents' }))
    const dialog = screen.getByRole('dialog', { name: 'Contents' })
    expect(dialog.querySelector('[aria-current="page"]')).toHaveTextContent('The light goes out')
    // Arrow keys belong to the dialog while it is open.
    await user.keyboard('{ArrowRight}')
    expect(address()).toBe(at(1))
    await user.click(
      screen
        .getAllByRole('link', { name: /A ship in the fog/ })
        .find((l) => dialog.contains(l)) as HTMLElement,
    )
    expect(address()).toBe(at(2))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('keeps text size, theme and line width in this browser, and applies them to the reading area', async () => {
    stubFetch({ ...bookRoutes(bookPage(OWNED), [chapter(1)]) })
    const first = renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    const article = () => screen.getByRole('article')
    expect(article()).toHaveStyle({ fontSize: '18px' })
    await first.user.click(screen.getByRole('button', { name: 'Reading settings' }))
    await first.user.click(screen.getByRole('button', { name: 'Larger text' }))
    await first.user.click(screen.getByRole('button', { name: 'Sepia' }))
    await first.user.click(screen.getByRole('button', { name: 'Wide' }))
    expect(article()).toHaveStyle({ fontSize: '20px' })
    expect(screen.getByTestId('reader-page')).toHaveAttribute('data-theme', 'sepia')
    expect(screen.getByRole('button', { name: 'Sepia' })).toHaveAttribute('aria-pressed', 'true')
    expect(JSON.parse(localStorage.getItem(READER_SETTINGS_KEY) ?? '')).toEqual({
      fontStep: 2,
      theme: 'sepia',
      width: 'wide',
    })
    first.unmount()

    // Another visit in this browser opens as it was left.
    renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    expect(screen.getByTestId('reader-page')).toHaveAttribute('data-theme', 'sepia')
    expect(screen.getByRole('article')).toHaveStyle({ fontSize: '20px' })
    expect(screen.getByRole('article').className).toContain('max-w-[46rem]')
  })

  it('keeps the settings per person: what they chose on another device opens here, and a change here is saved once', async () => {
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(bookPage(OWNED), [chapter(1)]),
      '/api/me/reader-settings': jsonResponse({ settings: { fontStep: 4, theme: 'dark', width: 'narrow' } }),
      'PUT /api/me/reader-settings': (_url, init) => jsonResponse({ settings: bodyOf(init) }),
    })
    const { user } = renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    await waitFor(() => expect(screen.getByTestId('reader-page')).toHaveAttribute('data-theme', 'dark'))
    expect(screen.getByRole('article')).toHaveStyle({ fontSize: '24px' })

    await user.click(screen.getByRole('button', { name: 'Reading settings' }))
    await user.click(screen.getByRole('button', { name: 'Larger text' }))
    await user.click(screen.getByRole('button', { name: 'Sepia' }))
    expect(screen.getByRole('article')).toHaveStyle({ fontSize: '28px' })
    const puts = () =>
      fetch.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/api/me/reader-settings') && init?.method === 'PUT',
      )
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: READER_SETTINGS_SAVE_MS + 1500 })
    expect(bodyOf(puts()[0][1])).toEqual({ fontStep: 5, theme: 'sepia', width: 'narrow' })
    expect(JSON.parse(localStorage.getItem(READER_SETTINGS_KEY) ?? '')).toEqual({
      fontStep: 5,
      theme: 'sepia',
      width: 'narrow',
    })
  })

  it('saves the place once the reader has been still for a moment, not on every scroll', async () => {
    layOutChapter()
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(bookPage(OWNED), [chapter(1)]),
      [POSITION_PATH]: (_url, init) => saved(bodyOf(init)),
    })
    renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    scrollWindowTo(400)
    scrollWindowTo(800)
    scrollWindowTo(1200)
    expect(saves(fetch)).toEqual([])
    expect(screen.getByText(/Chapter 1 of 3 · 17%/)).toBeInTheDocument()
    await waitFor(() => expect(saves(fetch)).toHaveLength(1), { timeout: POSITION_SAVE_DELAY_MS + 1500 })
    // (1200 − 200) / (2768 − 768): halfway through the chapter.
    expect(saves(fetch)[0]).toEqual({ chapterId: chapterIdOf(1), progress: 0.5, keepalive: false })
  })

  it('sends the place at once when the page is hidden or left, with keepalive', async () => {
    layOutChapter()
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(bookPage(OWNED), [chapter(1)]),
      [POSITION_PATH]: (_url, init) => saved(bodyOf(init)),
    })
    const { unmount } = renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    scrollWindowTo(600)
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    expect(saves(fetch)).toEqual([{ chapterId: chapterIdOf(1), progress: 0.2, keepalive: true }])

    scrollWindowTo(2200)
    act(() => void window.dispatchEvent(new Event('pagehide')))
    expect(saves(fetch)).toHaveLength(2)
    expect(saves(fetch)[1]).toEqual({ chapterId: chapterIdOf(1), progress: 1, keepalive: true })

    // Leaving the reader inside the app sends what is left too.
    scrollWindowTo(1200)
    unmount()
    expect(saves(fetch)[2]).toEqual({ chapterId: chapterIdOf(1), progress: 0.5, keepalive: true })
  })

  it('opens at the place saved on another device: the chapter, then the fraction of it', async () => {
    layOutChapter()
    const fetch = stubFetch({
      ...signInAs(),
      ...bookRoutes(
        bookPage({
          ...OWNED,
          position: { chapterId: chapterIdOf(2), progress: 0.25, updatedAt: '2026-11-03T09:00:00.000Z' },
        }),
        [chapter(2)],
      ),
      [POSITION_PATH]: (_url, init) => saved(bodyOf(init)),
    })
    const { user } = renderBookAt(<ReadBook />, `/read/${BOOK_ID}`)
    await user.click(await screen.findByRole('link', { name: 'Continue reading' }))
    expect(address()).toBe(at(2))
    await screen.findByText('The text of chapter 2.')
    // 200 px to the chapter's top, then a quarter of its 2,000 px of scrolling.
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 700, behavior: 'instant' })
    expect(screen.getByText(/Chapter 2 of 3 · 42%/)).toBeInTheDocument()
    // Coming back to a place is not a new one to send.
    act(() => void window.dispatchEvent(new Event('pagehide')))
    expect(saves(fetch)).toEqual([])
  })

  it('stops a reader who does not own the book at a chapter past the preview, with Buy and no body', async () => {
    const fetch = stubFetch({ ...signInAs(), ...bookRoutes(bookPage(), [chapter(1)]) })
    const { user } = renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('heading', { name: 'Buy the book to read on' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'A ship in the fog' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Buy · $4.99' })).toBeInTheDocument()
    expect(screen.queryByText(/The text of chapter/)).not.toBeInTheDocument()
    // The contents already said it was locked: the chapter was not even asked for.
    expect(callsTo(fetch, `/chapters/${chapterIdOf(2)}`)).toHaveLength(0)
  })

  it('shows the Buy call when the server refuses a chapter (403, no body) the contents thought free', async () => {
    stubFetch({
      ...signInAs(),
      ...bookRoutes(bookPage({ chapters: bookPage().chapters.map((c) => ({ ...c, preview: true })) })),
      [`${BOOK_PATH}/chapters/${chapterIdOf(3)}`]: errorResponse(
        403,
        'forbidden',
        'This chapter is not in the free preview: buy the book to read on',
      ),
    })
    renderBookAt(<ReadBook />, at(3))
    expect(await screen.findByRole('heading', { name: 'Buy the book to read on' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Buy · $4.99' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('does not try to save the place of a reader who is signed out', async () => {
    layOutChapter()
    const fetch = stubFetch(bookRoutes(bookPage(), [chapter(1)]))
    const { unmount } = renderBookAt(<ReadBook />, at(1))
    await screen.findByText('The text of chapter 1.')
    scrollWindowTo(1200)
    unmount()
    expect(saves(fetch)).toEqual([])
  })
})
