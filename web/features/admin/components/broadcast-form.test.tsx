import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_MESSAGE_MAX_LENGTH } from '#common/schemas/notifications.ts'
import { adminUser } from '#web/test/builders.ts'
import { bodyOf, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { BroadcastForm, sentText } from './broadcast-form.tsx'

const grace = adminUser({ id: 'user-grace', name: 'Grace Okafor', email: 'grace@inkwell.test' })
const tomas = adminUser({ id: 'user-tomas', name: 'Tomás Reyes', email: 'tomas@inkwell.test' })

const usersServer = (url: string) => {
  const q = queryOf(url).q?.toLowerCase()
  const items = [grace, tomas].filter((u) => !q || `${u.name} ${u.email}`.toLowerCase().includes(q))
  return jsonResponse({ items, nextCursor: null })
}

const renderForm = () => renderAt(<BroadcastForm />, '/admin').user
const sendButton = () => screen.getByRole('button', { name: 'Send notification' })

describe('BroadcastForm', () => {
  it('sends nothing without a message, with a link outside Inkwell, or without a chosen person', async () => {
    const fetch = stubFetch({ '/api/admin/users': usersServer })
    const user = renderForm()
    await user.click(sendButton())
    expect(await screen.findByLabelText('Message')).toHaveAccessibleDescription('Write a message')

    await user.type(screen.getByLabelText('Message'), 'The contest opens on Monday.')
    await user.type(screen.getByLabelText('Link (optional)'), 'https://evil.example')
    await user.click(screen.getByRole('radio', { name: 'One person' }))
    await user.click(sendButton())

    expect(await screen.findByText('Use a path inside Inkwell, starting with /')).toBeInTheDocument()
    expect(screen.getByText('Choose who gets it')).toBeInTheDocument()
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/admin/notifications')).toEqual([])
  })

  it('counts the characters against the limit', async () => {
    stubFetch()
    const user = renderForm()
    await user.type(screen.getByLabelText('Message'), 'Hello')
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      `5 / ${NOTIFICATION_MESSAGE_MAX_LENGTH} characters`,
    )
  })

  it('sends to everyone and says how many people got it', async () => {
    const fetch = stubFetch({ 'POST /api/admin/notifications': jsonResponse({ sent: 1204 }) })
    const user = renderForm()
    expect(screen.getByRole('radio', { name: 'Everyone' })).toBeChecked()
    await user.type(screen.getByLabelText('Message'), '  The contest opens on Monday.  ')
    await user.type(screen.getByLabelText('Link (optional)'), '/contest')
    await user.click(sendButton())

    expect(await screen.findByText('Sent to 1,204 people')).toBeInTheDocument()
    expect(bodyOf(fetch.mock.calls[0][1])).toEqual({
      message: 'The contest opens on Monday.',
      link: '/contest',
      to: 'all',
    })
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(''))
  })

  it('sends to one person picked from the users list', async () => {
    const fetch = stubFetch({
      '/api/admin/users': usersServer,
      'POST /api/admin/notifications': jsonResponse({ sent: 1 }),
    })
    const user = renderForm()
    await user.click(screen.getByRole('radio', { name: 'One person' }))
    await user.type(screen.getByLabelText('Find a person'), 'tomas')
    await waitFor(() =>
      expect(
        screen.queryByRole('option', { name: 'Grace Okafor — grace@inkwell.test' }),
      ).not.toBeInTheDocument(),
    )
    await user.selectOptions(screen.getByLabelText('Recipient'), 'Tomás Reyes — tomas@inkwell.test')
    await user.type(screen.getByLabelText('Message'), 'Your payout is on its way.')
    await user.click(sendButton())

    expect(await screen.findByText('Sent to 1 person')).toBeInTheDocument()
    const post = fetch.mock.calls.find(([url]) => String(url) === '/api/admin/notifications')
    expect(bodyOf(post?.[1])).toEqual({ message: 'Your payout is on its way.', to: { userId: 'user-tomas' } })
  })

  it("shows the server's field messages under their fields", async () => {
    stubFetch({
      'POST /api/admin/notifications': jsonResponse(
        { error: { code: 'bad_request', message: 'Check the form', fields: { link: 'No such page' } } },
        400,
      ),
    })
    const user = renderForm()
    await user.type(screen.getByLabelText('Message'), 'Hello')
    await user.type(screen.getByLabelText('Link (optional)'), '/nowhere')
    await user.click(sendButton())
    await waitFor(() =>
      expect(screen.getByLabelText('Link (optional)')).toHaveAccessibleDescription('No such page'),
    )
  })

  it('words the count', () => {
    expect(sentText(0)).toBe('Sent to 0 people')
    expect(sentText(1)).toBe('Sent to 1 person')
    expect(sentText(2)).toBe('Sent to 2 people')
  })
})
