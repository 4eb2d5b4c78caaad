import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Reply, Thread } from '#common/schemas/forums.ts'
import { fillEditor, useEditorLayout } from '#web/test/editor.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { reply, thread } from '#web/test/forum-builders.ts'
import { renderAt } from '#web/test/render.tsx'
import { ReplyItem } from './reply-item.tsx'

const THREAD = thread()
const REPLY = reply()

function show(
  item: Reply = REPLY,
  options: { thread?: Thread; onQuote?: (r: Reply) => void; report?: boolean } = {},
) {
  const onQuote = options.onQuote ?? vi.fn()
  const view = renderAt(
    <ol>
      <ReplyItem
        reply={item}
        thread={options.thread ?? THREAD}
        onQuote={onQuote}
        report={options.report ? <button type="button">Report this reply</button> : undefined}
      />
    </ol>,
    '/forum/mathematics/t1',
  )
  return { ...view, onQuote }
}

describe('ReplyItem', () => {
  useEditorLayout()

  it('shows its place, author, time and body, with a deep-link anchor', () => {
    const { container } = show(reply({ editedAt: new Date().toISOString() }))
    const item = screen.getByRole('listitem', { name: 'Reply 1 by Grace Okafor' })
    expect(item).toHaveAttribute('id', `reply-${REPLY.id}`)
    expect(within(item).getByRole('link', { name: '#1' })).toHaveAttribute(
      'href',
      `/forum/mathematics/${THREAD.id}#reply-${REPLY.id}`,
    )
    expect(item).toHaveTextContent('2 hours ago')
    expect(item).toHaveTextContent('· edited')
    expect(container.querySelector('.prose-ink')?.innerHTML).toBe(REPLY.bodyHtml)
  })

  it('offers someone else’s reply to quote and report, not to edit or delete', async () => {
    const { user, onQuote } = show(REPLY, { report: true })
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Report this reply' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Quote' }))
    expect(onQuote).toHaveBeenCalledWith(REPLY)
  })

  it('lets the author edit in place', async () => {
    const edited = reply({ canEdit: true, canDelete: true, bodyHtml: '<p>Nothing is left.</p>' })
    const fetch = stubFetch({
      [`PATCH /api/forum/replies/${REPLY.id}`]: jsonResponse(edited),
      [`/api/forum/threads/${THREAD.id}`]: jsonResponse(THREAD),
    })
    const { user } = show(reply({ canEdit: true, canDelete: true }))
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(screen.getByRole('textbox', { name: 'Edit your reply' })).toHaveTextContent(
      'Subtract one from the other: what is left?',
    )
    fillEditor('Edit your reply', '<p>Nothing is left.</p>')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, `/api/forum/replies/${REPLY.id}`)[0][1])).toEqual({
      bodyHtml: '<p>Nothing is left.</p>',
    })
  })

  it('deletes after asking', async () => {
    const fetch = stubFetch({
      [`DELETE /api/forum/replies/${REPLY.id}`]: new Response(null, { status: 204 }),
    })
    const { user } = show(reply({ canDelete: true }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this reply?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete reply' }))
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(callsTo(fetch, `/api/forum/replies/${REPLY.id}`)[0][1]?.method).toBe('DELETE')
  })

  it('stays in place as a muted row once deleted, with nothing to do', () => {
    show(reply({ deleted: true, bodyHtml: '', canEdit: false }), { report: false })
    const item = screen.getByRole('listitem')
    expect(item).toHaveAttribute('id', `reply-${REPLY.id}`)
    expect(item).toHaveTextContent('#1This reply was deleted.')
    expect(within(item).queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows the reply it quotes, linking to it, or that it was deleted', () => {
    const quote = {
      replyId: 'd2b8f1e3-0000-4000-8000-000000000009',
      position: 21,
      page: 2,
      author: { id: 'reader-2', name: 'Tomás Reyes', image: null },
      excerpt: 'It is the same number written two ways.',
    }
    const { unmount } = show(reply({ position: 25, quote }))
    expect(screen.getByRole('link', { name: 'Tomás Reyes wrote (#21):' })).toHaveAttribute(
      'href',
      `/forum/mathematics/${THREAD.id}?page=2#reply-${quote.replyId}`,
    )
    expect(screen.getByText('It is the same number written two ways.')).toBeInTheDocument()
    unmount()
    show(reply({ quote: { ...quote, excerpt: null } }))
    expect(screen.getByRole('blockquote')).toHaveTextContent('This reply was deleted.')
  })

  it('lets the thread’s author accept a reply, and take it back', async () => {
    const accepted = thread({ answered: true, canAccept: true })
    const fetch = stubFetch({ [`PUT /api/forum/threads/${THREAD.id}/accepted`]: jsonResponse(accepted) })
    const { user, unmount } = show(REPLY, { thread: thread({ canAccept: true }) })
    await user.click(screen.getByRole('button', { name: 'Accept answer' }))
    await vi.waitFor(() => expect(callsTo(fetch, '/accepted')).toHaveLength(1))
    expect(bodyOf(callsTo(fetch, '/accepted')[0][1])).toEqual({ replyId: REPLY.id })
    unmount()

    show(reply({ accepted: true }), { thread: accepted })
    expect(screen.getByText('Accepted answer')).toBeInTheDocument()
    expect(screen.getByRole('listitem')).toHaveClass('border-emerald-300')
    await user.click(screen.getByRole('button', { name: 'Unaccept' }))
    await vi.waitFor(() => expect(callsTo(fetch, '/accepted')).toHaveLength(2))
    expect(bodyOf(callsTo(fetch, '/accepted')[1][1])).toEqual({ replyId: null })
  })
})
