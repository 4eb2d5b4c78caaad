import { screen, waitFor } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { fillEditor, useEditorLayout } from '#web/test/editor.ts'
import { bodyOf, callsTo, deferred, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { BOOK_ID, chapterId, chapterOf, summaryOf } from './book-fixtures.ts'
import { ChapterEditor } from './chapter-editor.tsx'

const PATH = `/api/books/${BOOK_ID}/chapters/${chapterId(1)}`
const chapter = chapterOf(summaryOf(1, 'The harbour', 4), '<p>The tide came in.</p>')

function Harness({ autosaves = true }: { autosaves?: boolean }) {
  const flushers = useRef(new Map<string, () => Promise<boolean>>())
  return <ChapterEditor bookId={BOOK_ID} chapterId={chapterId(1)} autosaves={autosaves} flushers={flushers} />
}

const patches = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, PATH).filter(([, init]) => init?.method === 'PATCH')

describe('ChapterEditor', () => {
  useEditorLayout()

  it('renames and edits the chapter in the posts’ editor, saving itself: Saving…, then Saved', async () => {
    const held = deferred<Response>()
    let answer: Response | Promise<Response> = held.promise
    const fetch = stubFetch({ [PATH]: jsonResponse(chapter), [`PATCH ${PATH}`]: () => answer })
    const { user } = renderAt(<Harness />)

    const title = await screen.findByRole('textbox', { name: 'Chapter title' })
    expect(title).toHaveValue('The harbour')
    expect(screen.getByRole('textbox', { name: 'Chapter body' })).toHaveTextContent('The tide came in.')
    expect(screen.getByText('4 words')).toBeInTheDocument()
    // Nothing changed yet, nothing to save.
    expect(screen.getByRole('status')).toBeEmptyDOMElement()

    await user.type(title, ' at night')
    fillEditor('Chapter body', '<p>The tide came in at night, and the lamps were lit.</p>')
    expect(screen.getByText('11 words')).toBeInTheDocument()
    const status = screen.getByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('Saving…'), { timeout: 4000 })
    held.resolve(jsonResponse({ ...chapter, title: 'The harbour at night' }))
    await waitFor(() => expect(status).toHaveTextContent(/Saved at \d\d:\d\d/))
    expect(patches(fetch)).toHaveLength(1)
    expect(bodyOf(patches(fetch)[0][1])).toEqual({
      title: 'The harbour at night',
      bodyHtml: '<p>The tide came in at night, and the lamps were lit.</p>',
    })

    // A failed save says so and offers a retry that saves the same draft.
    answer = jsonResponse({ error: { code: 'internal', message: 'Something went wrong' } }, 500)
    fillEditor('Chapter body', '<p>Dawn.</p>')
    expect(await screen.findByText(/Couldn't save/, {}, { timeout: 4000 })).toBeInTheDocument()
    answer = jsonResponse({ ...chapter, title: 'The harbour at night' })
    await user.click(screen.getByRole('button', { name: 'retry' }))
    expect(await screen.findByText(/Saved at/)).toBeInTheDocument()
    expect(bodyOf(patches(fetch).at(-1)?.[1])).toMatchObject({ bodyHtml: '<p>Dawn.</p>' })
  }, 15_000)

  it('saves the last change when the writer leaves before the autosave', async () => {
    const fetch = stubFetch({
      [PATH]: jsonResponse(chapter),
      [`PATCH ${PATH}`]: jsonResponse({ ...chapter, title: 'The harbour, again' }),
    })
    const { user, unmount } = renderAt(<Harness />)
    await user.type(await screen.findByRole('textbox', { name: 'Chapter title' }), ', again')
    expect(patches(fetch)).toHaveLength(0)
    unmount()
    await waitFor(() => expect(patches(fetch)).toHaveLength(1))
    expect(bodyOf(patches(fetch)[0][1])).toMatchObject({ title: 'The harbour, again' })
  })

  it('does not save a chapter without a title, and says why', async () => {
    const fetch = stubFetch({ [PATH]: jsonResponse(chapter) })
    const { user } = renderAt(<Harness />)
    const title = await screen.findByRole('textbox', { name: 'Chapter title' })
    await user.clear(title)
    expect(screen.getByText('Add a chapter title')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save chapter' })).toBeDisabled()
    await new Promise((resolve) => setTimeout(resolve, 2300))
    expect(patches(fetch)).toHaveLength(0)
  })

  it('waits for Save on a published book (its edits go live at once)', async () => {
    const fetch = stubFetch({
      [PATH]: jsonResponse(chapter),
      [`PATCH ${PATH}`]: jsonResponse({ ...chapter, title: 'Harbour' }),
    })
    const { user } = renderAt(<Harness autosaves={false} />)
    const title = await screen.findByRole('textbox', { name: 'Chapter title' })
    await user.clear(title)
    await user.type(title, 'Harbour')
    await new Promise((resolve) => setTimeout(resolve, 2300))
    expect(patches(fetch)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(patches(fetch)).toHaveLength(1))
  })
})
