import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { BOOK_ID, chapterId, chapterOf, summaryOf } from './book-fixtures.ts'
import { ChapterList } from './chapter-list.tsx'

const CHAPTERS = [
  summaryOf(1, 'The harbour', 1200),
  summaryOf(2, 'The road', 800),
  summaryOf(3, 'The sea', 40),
]
const ORDER = `/api/books/${BOOK_ID}/chapters/order`

function show(routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = stubFetch(routes)
  const onAdded = vi.fn()
  const onDeleted = vi.fn()
  const onSelect = vi.fn()
  const view = renderAt(
    <ChapterList
      bookId={BOOK_ID}
      chapters={CHAPTERS}
      selectedId={null}
      onSelect={onSelect}
      onAdded={onAdded}
      onDeleted={onDeleted}
    />,
  )
  return { ...view, fetch, onAdded, onDeleted, onSelect }
}

/** The answer to a reorder: the summaries in the order sent, renumbered. */
const reordered = (_url: string, init?: RequestInit) => {
  const { chapterIds } = bodyOf(init) as { chapterIds: string[] }
  return jsonResponse(
    chapterIds.map((id, i) => ({ ...CHAPTERS.find((c) => c.id === id), position: i + 1, preview: i === 0 })),
  )
}

const titles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('button span')?.textContent)

describe('ChapterList', () => {
  it('counts words per chapter and in total, and marks the preview', () => {
    show()
    expect(screen.getByText('3 chapters · 2,040 words')).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: '1. The harbour, 1,200 words · Free preview' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '3. The sea, 40 words' })).toBeInTheDocument()
  })

  it('moves a chapter by keyboard, says so in the live region, and keeps the focus on it', async () => {
    const { user, fetch } = show({ [`PUT ${ORDER}`]: reordered })
    const up = screen.getByRole('button', { name: 'Move “The road” up' })
    up.focus()
    await user.keyboard('{Enter}')

    expect(titles()).toEqual(['1. The road', '2. The harbour', '3. The sea'])
    expect(screen.getByRole('status')).toHaveTextContent('“The road” moved to position 1 of 3.')
    // At the top, Move up is disabled: the focus stays on the chapter, on Move down.
    expect(screen.getByRole('button', { name: 'Move “The road” up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move “The road” down' })).toHaveFocus()
    await waitFor(() => expect(callsTo(fetch, ORDER)).toHaveLength(1))
    expect(bodyOf(callsTo(fetch, ORDER)[0][1])).toEqual({
      chapterIds: [chapterId(2), chapterId(1), chapterId(3)],
    })

    await user.keyboard('{Enter}')
    expect(titles()).toEqual(['1. The harbour', '2. The road', '3. The sea'])
    expect(screen.getByRole('status')).toHaveTextContent('“The road” moved to position 2 of 3.')
    expect(screen.getByRole('button', { name: 'Move “The road” down' })).toHaveFocus()
  })

  it('moves a chapter by dragging it onto another', async () => {
    const { fetch } = show({ [`PUT ${ORDER}`]: reordered })
    const [first, , last] = within(screen.getByRole('list')).getAllByRole('listitem')
    fireEvent.dragStart(first, { dataTransfer: { setData: vi.fn(), effectAllowed: '' } })
    fireEvent.dragOver(last)
    fireEvent.drop(last)
    expect(titles()).toEqual(['1. The road', '2. The sea', '3. The harbour'])
    await waitFor(() =>
      expect(bodyOf(callsTo(fetch, ORDER)[0][1])).toEqual({
        chapterIds: [chapterId(2), chapterId(3), chapterId(1)],
      }),
    )
  })

  it('puts the order back when the server refuses it', async () => {
    const { user } = show({
      [`PUT ${ORDER}`]: jsonResponse(
        { error: { code: 'bad_request', message: 'List each chapter once' } },
        400,
      ),
    })
    await user.click(screen.getByRole('button', { name: 'Move “The sea” up' }))
    await waitFor(() => expect(titles()).toEqual(['1. The harbour', '2. The road', '3. The sea']))
    expect(screen.getByRole('status')).toHaveTextContent("Couldn't move “The sea”.")
  })

  it('deletes a chapter only after a confirmation', async () => {
    const { user, fetch, onDeleted } = show({
      [`DELETE /api/books/${BOOK_ID}/chapters/${chapterId(3)}`]: new Response(null, { status: 204 }),
    })
    await user.click(screen.getByRole('button', { name: 'Delete “The sea”' }))
    let dialog = screen.getByRole('dialog', { name: 'Delete “The sea”?' })
    expect(dialog).toHaveAccessibleDescription(/Its 40 words are deleted for good/)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Delete “The sea”' }))
    dialog = screen.getByRole('dialog', { name: 'Delete “The sea”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete chapter' }))
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(chapterId(3)))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('adds a chapter at the end, and says why when it has no title', async () => {
    const added = chapterOf(summaryOf(4, 'The lighthouse', 0, false), '')
    const { user, fetch, onAdded } = show({
      [`POST /api/books/${BOOK_ID}/chapters`]: (_url, init) =>
        (bodyOf(init) as { title: string }).title.trim()
          ? jsonResponse(added, 201)
          : jsonResponse(
              {
                error: {
                  code: 'bad_request',
                  message: 'Some fields need your attention',
                  fields: { title: 'Add a chapter title' },
                },
              },
              400,
            ),
    })
    await user.click(screen.getByRole('button', { name: 'Add chapter' }))
    expect(await screen.findByText('Add a chapter title')).toBeInTheDocument()

    const field = screen.getByRole('textbox', { name: 'New chapter' })
    await user.type(field, 'The lighthouse')
    await user.click(screen.getByRole('button', { name: 'Add chapter' }))
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(added))
    expect(bodyOf(callsTo(fetch, '/chapters').at(-1)?.[1])).toEqual({ title: 'The lighthouse', bodyHtml: '' })
    expect(field).toHaveValue('')
    expect(screen.getByRole('status')).toHaveTextContent('Chapter 4 “The lighthouse” added.')
  })
})
