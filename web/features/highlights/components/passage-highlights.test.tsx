import { act, screen, waitFor } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import type { Highlight } from '#common/schemas/highlights.ts'
import { useEditorLayout } from '#web/test/editor.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { PassageHighlights } from './passage-highlights.tsx'

const POST_ID = '5b0c8f7e-4a8e-4c9b-9a57-2f3f0f6f1a11'
const HTML = '<p>The keeper climbed the stairs.</p><p>She lit the lamp at dusk.</p>'
const TEXT = 'The keeper climbed the stairs.She lit the lamp at dusk.'

const highlight = (words: string, fields: Partial<Highlight> = {}): Highlight => {
  const start = TEXT.indexOf(words)
  return {
    id: `h-${words.length}`,
    target: { kind: 'post', postId: POST_ID, postTitle: 'The lighthouse', link: '/learn/w/lighthouse' },
    exact: words,
    prefix: TEXT.slice(Math.max(0, start - 32), start),
    suffix: TEXT.slice(start + words.length, start + words.length + 32),
    start,
    end: start + words.length,
    colour: 'yellow',
    note: null,
    orphaned: false,
    createdAt: '2026-11-29T10:00:00.000Z',
    updatedAt: '2026-11-29T10:00:00.000Z',
    ...fields,
  }
}

function Reader() {
  const body = useRef<HTMLDivElement>(null)
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own fixed body */}
      <div ref={body} data-testid="body" dangerouslySetInnerHTML={{ __html: HTML }} />
      <PassageHighlights body={body} target={{ postId: POST_ID }} content={HTML} />
    </>
  )
}

/** Selects `words` in the body as a reader would (the browser then says the selection changed). */
function select(words: string) {
  const body = screen.getByTestId('body')
  const node = [...body.querySelectorAll('p')]
    .map((p) => p.firstChild as Text)
    .find((t) => t.data.includes(words))!
  const range = document.createRange()
  range.setStart(node, node.data.indexOf(words))
  range.setEnd(node, node.data.indexOf(words) + words.length)
  act(() => {
    document.getSelection()?.removeAllRanges()
    document.getSelection()?.addRange(range)
    document.dispatchEvent(new Event('selectionchange'))
  })
}

/** The body's first mark, once drawn. */
const firstMark = () =>
  waitFor(() => {
    const mark = screen.getByTestId('body').querySelector('mark')
    if (!mark) throw new Error('No mark drawn yet')
    return mark as HTMLElement
  })

describe('PassageHighlights', () => {
  // Ranges need a layout for the panel's place, which jsdom has not.
  useEditorLayout()

  it('draws my highlights as marks, and leaves an orphaned one out of the text', async () => {
    stubFetch({
      '/api/highlights/target': jsonResponse({
        items: [
          highlight('lit the lamp', { colour: 'green' }),
          highlight('gone away', { orphaned: true, start: 0 }),
        ],
      }),
    })
    renderAt(<Reader />)
    const mark = await firstMark()
    expect(mark).toHaveTextContent('lit the lamp')
    expect(mark.className).toContain('bg-lime-200')
    expect(screen.getByTestId('body').querySelectorAll('mark')).toHaveLength(1)
  })

  it('offers the tools under a selection, reachable with H, and highlights it with a private note', async () => {
    const created = highlight('climbed the stairs', { note: 'Up we go' })
    const fetch = stubFetch({
      '/api/highlights/target': jsonResponse({ items: [] }),
      'POST /api/highlights': jsonResponse(created, 201),
    })
    const { user } = renderAt(<Reader />)
    await waitFor(() => expect(callsTo(fetch, '/api/highlights/target')).toHaveLength(1))

    select('climbed the stairs')
    const tools = await screen.findByRole('group', { name: 'Highlight the selected text' })
    await waitFor(() =>
      expect(document.getElementById('inkwell-announcer')).toHaveTextContent(
        'Text selected: press H to highlight it',
      ),
    )
    // H moves focus from the selection to the tools.
    await user.keyboard('h')
    expect(screen.getByRole('button', { name: 'Highlight' })).toHaveFocus()
    // The arrows stay in the tools: the reader's page turns (on window) never hear them.
    const heard: string[] = []
    const listen = (event: KeyboardEvent) => heard.push(event.key)
    window.addEventListener('keydown', listen)
    await user.keyboard('{ArrowRight}')
    window.removeEventListener('keydown', listen)
    expect(heard).toEqual([])
    expect(tools).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(screen.getByText('Notes are private: only you can see them.')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Up we go')
    await user.click(screen.getByRole('button', { name: 'Colour blue' }))
    await user.click(screen.getByRole('button', { name: 'Save highlight' }))

    await waitFor(() =>
      expect(callsTo(fetch, '/api/highlights').filter(([, init]) => init?.method === 'POST')).toHaveLength(1),
    )
    const [, init] = callsTo(fetch, '/api/highlights').find(([, i]) => i?.method === 'POST')!
    expect(bodyOf(init)).toEqual({
      target: { postId: POST_ID },
      selectors: {
        exact: 'climbed the stairs',
        prefix: 'The keeper ',
        suffix: '.She lit the lamp at dusk.',
        start: 11,
        end: 29,
      },
      colour: 'blue',
      note: 'Up we go',
    })
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Highlight the selected text' })).toBeNull(),
    )
  })

  it('opens a highlight from its mark by keyboard: change its colour, save its note, delete it; Escape goes back', async () => {
    const mine = highlight('the lamp', { note: 'Old note' })
    const fetch = stubFetch({
      '/api/highlights/target': jsonResponse({ items: [mine] }),
      [`PATCH /api/highlights/${mine.id}`]: (_url, init) =>
        jsonResponse({ ...mine, ...(bodyOf(init) as object) }),
      [`DELETE /api/highlights/${mine.id}`]: new Response(null, { status: 204 }),
    })
    const { user } = renderAt(<Reader />)
    const mark = await firstMark()
    mark.focus()
    await user.keyboard('{Enter}')
    const panel = await screen.findByRole('dialog', { name: 'Your highlight' })
    expect(panel).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Old note')
    expect(screen.getByRole('button', { name: 'Colour yellow' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: 'Colour pink' }))
    await waitFor(() => expect(callsTo(fetch, `/api/highlights/${mine.id}`)).toHaveLength(1))
    expect(bodyOf(callsTo(fetch, `/api/highlights/${mine.id}`)[0][1])).toEqual({ colour: 'pink' })

    await user.clear(screen.getByRole('textbox', { name: 'Note' }))
    await user.click(screen.getByRole('button', { name: 'Save note' }))
    await waitFor(() => expect(callsTo(fetch, `/api/highlights/${mine.id}`)).toHaveLength(2))
    expect(bodyOf(callsTo(fetch, `/api/highlights/${mine.id}`)[1][1])).toEqual({ note: null })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const again = await firstMark()
    again.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Your highlight' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('body').querySelector('mark')).toHaveFocus()

    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Delete highlight' }))
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true))
  })
})
