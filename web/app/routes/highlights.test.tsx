import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Highlight } from '#common/schemas/highlights.ts'
import { callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Highlights from './highlights.tsx'

const BOOK = 'b0000000-0000-4000-8000-000000000001'
const CHAPTER = 'c0000000-0000-4000-8000-000000000002'
const POST = 'p0000000-0000-4000-8000-000000000003'

const base = {
  prefix: '',
  suffix: '',
  start: 0,
  end: 10,
  colour: 'yellow' as const,
  note: null,
  orphaned: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
}
const inChapter = (id: string, exact: string, fields: Partial<Highlight> = {}): Highlight => ({
  ...base,
  id,
  exact,
  target: {
    kind: 'chapter',
    bookId: BOOK,
    bookTitle: 'The Lantern Keeper',
    chapterId: CHAPTER,
    chapterTitle: 'The storm',
    chapterPosition: 2,
    link: `/read/${BOOK}?chapter=${CHAPTER}`,
  },
  ...fields,
})
const inPost = (id: string, exact: string, fields: Partial<Highlight> = {}): Highlight => ({
  ...base,
  id,
  exact,
  target: { kind: 'post', postId: POST, postTitle: 'Gulls at dawn', link: '/learn/w/gulls' },
  ...fields,
})

const ITEMS = [
  inChapter('h1', 'the storm came over the headland', { note: 'Foreshadowing' }),
  inPost('h2', 'the gulls returned', { orphaned: true }),
  inChapter('h3', 'The lamp was lit', { colour: 'pink' }),
]

const renderPage = () => renderAt(<Highlights />, '/highlights')

describe('My highlights', () => {
  it('groups my highlights by book and by post, marks the orphaned and the private notes, and exports', async () => {
    const fetch = stubFetch({
      '/api/highlights': jsonResponse({ items: ITEMS, nextCursor: null }),
      'DELETE /api/highlights/h2': new Response(null, { status: 204 }),
    })
    const { user } = renderPage()
    const book = await screen.findByRole('region', { name: 'Book: The Lantern Keeper' })
    expect(
      within(book)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('blockquote')?.textContent),
    ).toEqual(['the storm came over the headland', 'The lamp was lit'])
    expect(within(book).getAllByText('Chapter 2: The storm')).toHaveLength(2)
    expect(within(book).getByText('Foreshadowing')).toBeInTheDocument()
    expect(within(book).getByText('Private note')).toBeInTheDocument()
    expect(within(book).getAllByRole('link', { name: 'Read in context' })[0]).toHaveAttribute(
      'href',
      `/read/${BOOK}?chapter=${CHAPTER}`,
    )
    const post = screen.getByRole('region', { name: 'Post: Gulls at dawn' })
    expect(within(post).getByText('The passage was edited away')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Export to Markdown' })).toHaveAttribute(
      'href',
      '/api/highlights/export',
    )
    expect(screen.getByText(/Notes are private: only you can see them/)).toBeInTheDocument()

    // An orphan is not drawn anywhere: it is deleted from here.
    await user.click(within(post).getByRole('button', { name: /^Delete the highlight “the gulls returned”/ }))
    await waitFor(() => expect(callsTo(fetch, '/api/highlights/h2')).toHaveLength(1))
  })

  it('searches and filters through the server, and says when nothing matches', async () => {
    const fetch = stubFetch({
      '/api/highlights': (url) => {
        const query = queryOf(url)
        if (query.q === 'zzz') return jsonResponse({ items: [], nextCursor: null })
        if (query.postId) return jsonResponse({ items: [ITEMS[1]], nextCursor: null })
        return jsonResponse({ items: ITEMS, nextCursor: null })
      },
    })
    const { user } = renderPage()
    await screen.findByRole('region', { name: 'Book: The Lantern Keeper' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Book or post' }), 'Post: Gulls at dawn')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Book: The Lantern Keeper' })).toBeNull())
    expect(callsTo(fetch, '/api/highlights').some(([url]) => queryOf(url).postId === POST)).toBe(true)

    await user.type(screen.getByRole('searchbox', { name: 'Search highlights and notes' }), 'zzz')
    expect(await screen.findByText('No highlight or note matches “zzz”')).toBeInTheDocument()
  })

  it('says how to highlight when there is nothing yet', async () => {
    stubFetch({ '/api/highlights': jsonResponse({ items: [], nextCursor: null }) })
    renderPage()
    expect(await screen.findByText('No highlights yet')).toBeInTheDocument()
    expect(screen.queryByRole('searchbox')).toBeNull()
    expect(screen.getByText(/select some text, then choose/)).toBeInTheDocument()
    expect(screen.getByText(/press/)).toHaveTextContent('select with Shift and the arrow keys, then press H')
  })
})
