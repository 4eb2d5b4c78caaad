import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { contactMessage } from '#web/test/builders.ts'
import { bodyOf, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { MessagesList } from './messages-list.tsx'

const open = contactMessage({
  id: '6f1c1f9e-0000-4000-8000-000000000001',
  subject: 'Payout question',
  userId: 'u-tomas',
})
const handled = contactMessage({
  id: '6f1c1f9e-0000-4000-8000-000000000002',
  name: 'Grace Okafor',
  email: 'grace@inkwell.test',
  subject: 'Typo in a lesson',
  message: 'Newton’s second law is\nF = ma, not F = mv.',
  handled: true,
  createdAt: '2026-11-19T08:00:00.000Z',
})

const renderList = () => renderAt(<MessagesList />).user

/** A server that filters on ?handled= like the real one. */
function messagesServer(messages: () => (typeof open)[]) {
  return (url: string) => {
    const { handled: filter } = queryOf(url)
    const items = messages().filter((m) => filter === undefined || String(m.handled) === filter)
    return jsonResponse({ items, nextCursor: null })
  }
}

describe('MessagesList', () => {
  it('shows open messages first, with the sender, a mailto link and the date', async () => {
    const fetch = stubFetch({ '/api/admin/contact-messages': messagesServer(() => [open, handled]) })
    renderList()

    const item = await screen.findByRole('article', { name: 'Payout question' })
    expect(queryOf(fetch.mock.calls[0][0])).toMatchObject({ handled: 'false' })
    expect(within(item).getByText('Tomás Reyes')).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: 'tomas@inkwell.test' })).toHaveAttribute(
      'href',
      'mailto:tomas@inkwell.test',
    )
    expect(within(item).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:tomas@inkwell.test?subject=Re%3A%20Payout%20question',
    )
    expect(within(item).getByText('Signed-in member')).toBeInTheDocument()
    expect(within(item).getByText('20 Nov 2026', { exact: false })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Typo in a lesson' })).not.toBeInTheDocument()
  })

  it('switches between open, handled and all', async () => {
    const fetch = stubFetch({ '/api/admin/contact-messages': messagesServer(() => [open, handled]) })
    const user = renderList()
    await screen.findByRole('article', { name: 'Payout question' })

    await user.click(screen.getByRole('radio', { name: 'Handled' }))
    expect(await screen.findByRole('article', { name: 'Typo in a lesson' })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Payout question' })).not.toBeInTheDocument(),
    )
    expect(queryOf(fetch.mock.calls.at(-1)?.[0])).toMatchObject({ handled: 'true' })

    await user.click(screen.getByRole('radio', { name: 'All' }))
    expect(await screen.findByRole('article', { name: 'Payout question' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Typo in a lesson' })).toBeInTheDocument()
    expect(queryOf(fetch.mock.calls.at(-1)?.[0]).handled).toBeUndefined()
  })

  it('"Mark handled" saves it and the message leaves the open list', async () => {
    let current = [open]
    const fetch = stubFetch({
      '/api/admin/contact-messages': messagesServer(() => current),
      [`PUT /api/admin/contact-messages/${open.id}/handled`]: (_url, init) => {
        current = [{ ...open, handled: (bodyOf(init) as { handled: boolean }).handled }]
        return jsonResponse(current[0])
      },
    })
    const user = renderList()
    await user.click(await screen.findByRole('button', { name: 'Mark handled: Payout question' }))

    expect(await screen.findByText('No open messages')).toBeInTheDocument()
    expect(await screen.findByText('Marked as handled')).toBeInTheDocument()
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(bodyOf(put?.[1])).toEqual({ handled: true })
  })

  it('"Reopen" puts a handled message back', async () => {
    const fetch = stubFetch({
      '/api/admin/contact-messages': messagesServer(() => [handled]),
      [`PUT /api/admin/contact-messages/${handled.id}/handled`]: jsonResponse({ ...handled, handled: false }),
    })
    const user = renderList()
    await screen.findByText('No open messages')
    await user.click(screen.getByRole('radio', { name: 'Handled' }))
    await user.click(await screen.findByRole('button', { name: 'Reopen: Typo in a lesson' }))
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(bodyOf(put?.[1])).toEqual({ handled: false })
  })

  it('loads older messages with the next cursor', async () => {
    const older = contactMessage({ id: '6f1c1f9e-0000-4000-8000-000000000003', subject: 'Older question' })
    const fetch = stubFetch({
      '/api/admin/contact-messages': (url) =>
        queryOf(url).cursor === 'next-1'
          ? jsonResponse({ items: [older], nextCursor: null })
          : jsonResponse({ items: [open], nextCursor: 'next-1' }),
    })
    const user = renderList()
    await screen.findByRole('article', { name: 'Payout question' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('article', { name: 'Older question' })).toBeInTheDocument()
    expect(queryOf(fetch.mock.calls.at(-1)?.[0])).toMatchObject({ cursor: 'next-1', handled: 'false' })
  })
})
